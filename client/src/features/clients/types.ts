export interface Client {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  document: string | null;
  birthDate: string | null;
  notes: string | null;
  archived: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
}
