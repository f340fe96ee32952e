//! `expediente seed`: fills a database with realistic Brazilian sample data
//! (staff, clients, appointments) for demos and benchmarks.
//!
//! - Staff: four members with role `staff`, each with a random password
//!   that the command prints once; skipped when their e-mail already exists.
//!   No admin: the first start still creates the first admin
//!   (`users::ensure_first_admin` looks for an admin, not for any user).
//! - Refused on a database that holds real data (clients, appointments, or
//!   users besides the admins and these staff) unless forced: sample data
//!   mixed into a business's records cannot be told apart and taken out.
//! - Clients: common Brazilian first names and surnames (with accents),
//!   e-mails derived from the name (unique), mobile phones as digits, valid
//!   CPFs, birth dates, a few notes; `search_text` as the clients service
//!   computes it.
//! - Appointments: weekdays between 08:00 and 18:00 in the business time zone
//!   (lunch 12:00–13:00 kept free), about two thirds in past weeks and one
//!   third in the coming ones. Slots are laid out per staff member one after
//!   the other, so no two appointments of one member overlap, nor with what
//!   the database already holds. Past ones are mostly `concluido`, some
//!   `faltou` or `cancelado` (with a reason); future ones `agendado` or
//!   `confirmado`.
//!
//! Rows go in with multi-row inserts of [`CHUNK`] rows, in one transaction,
//! so 10,000 appointments take seconds.

use std::collections::{HashMap, HashSet};

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, TimeZone, Utc, Weekday};
use chrono_tz::Tz;
use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use sea_orm::{
    ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QuerySelect, Set, TransactionTrait,
};

use expediente_core::kit::audit::{self, Audited};
use expediente_core::clients::{ClientView, search_text};
use expediente_core::people::users::{self, NewUser};
use entities::appointment::AppointmentStatus;
use entities::user::Role;
use entities::{appointment, audit_log, client, user};

/// Rows per INSERT: well under SQLite's and PostgreSQL's parameter limits.
pub const CHUNK: usize = 500;

pub const STAFF: &[(&str, &str)] = &[
    ("Ana Paula Ribeiro", "ana.ribeiro@expediente.local"),
    ("Carlos Eduardo Santos", "carlos.santos@expediente.local"),
    ("Fernanda Oliveira", "fernanda.oliveira@expediente.local"),
    ("Rafael Nogueira", "rafael.nogueira@expediente.local"),
];

/// Service, price in cents, minutes.
pub const SERVICES: &[(&str, i64, i64)] = &[
    ("Consulta", 15_000, 60),
    ("Retorno", 8_000, 30),
    ("Avaliação", 12_000, 45),
    ("Limpeza", 20_000, 60),
    ("Corte de cabelo", 6_000, 45),
    ("Sessão de fisioterapia", 13_000, 60),
    ("Massagem relaxante", 18_000, 60),
    ("Acupuntura", 14_000, 45),
    ("Drenagem linfática", 16_000, 60),
    ("Orientação nutricional", 11_000, 30),
];

const FIRST_NAMES: &[&str] = &[
    "Maria", "José", "Ana", "João", "Antônio", "Francisca", "Carlos", "Paulo", "Adriana", "Lucas", "Juliana",
    "Luís", "Márcia", "Gabriel", "Fernanda", "Rafael", "Patrícia", "Marcos", "Aline", "Pedro", "Sandra",
    "Luiz", "Camila", "Bruno", "Letícia", "Mateus", "Beatriz", "Tiago", "Júlia", "Felipe", "Vitória",
    "Gustavo", "Larissa", "Vinícius", "Natália", "André", "Bárbara", "Rodrigo", "Débora", "Sérgio",
    "Cláudia", "Fábio", "Mônica", "Otávio", "Lúcia", "Caio", "Helena", "Heitor", "Valentina", "Giovana",
    "Raimundo", "Conceição", "Sebastião", "Luana", "Davi", "Isadora", "Cecília", "Joaquim", "Inês", "Élton",
];

const SURNAMES: &[&str] = &[
    "Silva", "Santos", "Oliveira", "Souza", "Rodrigues", "Ferreira", "Alves", "Pereira", "Lima", "Gomes",
    "Costa", "Ribeiro", "Martins", "Carvalho", "Almeida", "Lopes", "Soares", "Fernandes", "Vieira",
    "Barbosa", "Rocha", "Dias", "Nascimento", "Andrade", "Moreira", "Nunes", "Marques", "Machado", "Mendes",
    "Freitas", "Cardoso", "Ramos", "Gonçalves", "Santana", "Teixeira", "Araújo", "Conceição", "Magalhães",
    "Patrício", "Simões", "Brandão", "Assunção", "Guimarães", "Peixoto", "Falcão", "Leão", "Castro",
];

const EMAIL_DOMAINS: &[&str] = &["gmail.com", "hotmail.com", "outlook.com", "yahoo.com.br", "uol.com.br", "bol.com.br"];

const AREA_CODES: &[&str] = &["11", "11", "11", "11", "21", "31", "41", "19", "51", "61", "71", "81", "85"];

const CLIENT_NOTES: &[&str] = &[
    "Prefere atendimento pela manhã.",
    "Alergia a dipirona.",
    "Indicada por outra cliente.",
    "Pagamento pelo convênio.",
    "Confirmar sempre por WhatsApp.",
    "Chega com antecedência; gosta de pontualidade.",
    "Tem dificuldade de locomoção: reservar a sala do térreo.",
];

const CANCELLATION_REASONS: &[&str] = &[
    "Cliente desmarcou por telefone.",
    "Imprevisto de saúde.",
    "Remarcado a pedido do cliente.",
    "Profissional indisponível.",
    "Conflito de horário do cliente.",
];

const APPOINTMENT_NOTES: &[&str] = &[
    "Primeira vez na clínica.",
    "Trazer exames anteriores.",
    "Cliente pediu lembrete na véspera.",
    "Pagamento por Pix.",
];

#[derive(Debug, Clone, Copy)]
pub struct SeedOptions {
    pub clients: u32,
    pub appointments: u32,
    /// Add sample data even to a database that holds real data.
    pub force: bool,
}

#[derive(Debug, Clone)]
pub struct SeedReport {
    /// E-mail and password of each staff member created now (existing ones
    /// are kept); the passwords are shown this once and stored only hashed.
    pub staff_created: Vec<(String, String)>,
    pub clients: usize,
    pub appointments: usize,
}

/// What makes a database one `seed` leaves alone unless forced: clients,
/// appointments, or users besides the admins and the sample staff. `None`
/// for a fresh database (at most its first admin) or one seeded before.
async fn real_data(db: &DatabaseConnection) -> anyhow::Result<Option<String>> {
    use sea_orm::PaginatorTrait;
    let clients = client::Entity::find().count(db).await?;
    let appointments = appointment::Entity::find().count(db).await?;
    let sample_staff: Vec<&str> = STAFF.iter().map(|(_, email)| *email).collect();
    let users = user::Entity::find()
        .filter(user::Column::Role.ne(Role::Admin))
        .filter(user::Column::Email.is_not_in(sample_staff))
        .count(db)
        .await?;
    if clients + appointments + users == 0 {
        return Ok(None);
    }
    let count = |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    Ok(Some(format!(
        "{}, {}, {} além dos administradores",
        count(clients, "cliente", "clientes"),
        count(appointments, "agendamento", "agendamentos"),
        count(users, "usuário", "usuários")
    )))
}

/// A valid CPF (11 digits) from nine random ones and the two check digits.
pub fn random_cpf(rng: &mut impl Rng) -> String {
    loop {
        let mut digits: Vec<u32> = (0..9).map(|_| rng.random_range(0..10)).collect();
        if digits.iter().all(|d| *d == digits[0]) {
            continue;
        }
        for length in [9usize, 10] {
            let sum: u32 = digits.iter().take(length).enumerate().map(|(i, d)| d * (length as u32 + 1 - i as u32)).sum();
            let check = (sum * 10) % 11;
            digits.push(if check == 10 { 0 } else { check });
        }
        return digits.iter().map(|d| char::from_digit(*d, 10).unwrap_or('0')).collect();
    }
}

/// "11 9xxxx-xxxx" as digits: area code, 9, eight digits.
fn random_mobile(rng: &mut impl Rng) -> String {
    let area = AREA_CODES.choose(rng).copied().unwrap_or("11");
    format!("{area}9{}{:07}", rng.random_range(1..10), rng.random_range(0..10_000_000))
}

/// "João" → "joao": what goes before the @.
fn slug(text: &str) -> String {
    expediente_core::kit::validation::normalize_text(text).chars().filter(char::is_ascii_alphanumeric).collect()
}

fn local(date: NaiveDate, minutes: i64, tz: Tz) -> DateTime<Utc> {
    let time = NaiveTime::MIN + Duration::minutes(minutes);
    tz.from_local_datetime(&date.and_time(time))
        .earliest()
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or_else(|| Utc.from_utc_datetime(&date.and_time(time)))
}

fn is_weekday(date: NaiveDate) -> bool {
    !matches!(date.weekday(), Weekday::Sat | Weekday::Sun)
}

/// One free slot of one staff member.
struct Slot {
    staff_id: i32,
    starts_at: DateTime<Utc>,
    ends_at: DateTime<Utc>,
    service: usize,
}

const OPEN: i64 = 8 * 60;
const CLOSE: i64 = 18 * 60;
const LUNCH: (i64, i64) = (12 * 60, 13 * 60);

/// Each staff member's taken intervals.
type Busy = HashMap<i32, Vec<(DateTime<Utc>, DateTime<Utc>)>>;

/// Lays out slots over `days` for every member, one after the other with
/// small gaps, skipping lunch and what `busy` already holds.
fn slots(
    rng: &mut impl Rng,
    days: &[NaiveDate],
    staff: &[i32],
    busy: &Busy,
    tz: Tz,
) -> Vec<Slot> {
    let mut out = Vec::new();
    for day in days {
        for staff_id in staff {
            let taken = busy.get(staff_id);
            let mut cursor = OPEN + [0, 0, 0, 30, 60].choose(rng).copied().unwrap_or(0);
            loop {
                let service = rng.random_range(0..SERVICES.len());
                let minutes = SERVICES[service].2;
                if cursor < LUNCH.1 && cursor + minutes > LUNCH.0 {
                    cursor = LUNCH.1;
                }
                if cursor + minutes > CLOSE {
                    break;
                }
                let starts_at = local(*day, cursor, tz);
                let ends_at = starts_at + Duration::minutes(minutes);
                let clashes = taken.is_some_and(|t| t.iter().any(|(s, e)| *s < ends_at && starts_at < *e));
                if !clashes {
                    out.push(Slot { staff_id: *staff_id, starts_at, ends_at, service });
                }
                cursor += minutes + [0, 0, 0, 15, 15, 30, 60].choose(rng).copied().unwrap_or(0);
            }
        }
    }
    out
}

/// `past` weekdays before today and `future` from today on.
fn window(today: NaiveDate, past: usize, future: usize) -> Vec<NaiveDate> {
    let mut days = Vec::with_capacity(past + future);
    let mut day = today;
    while days.len() < past {
        day -= Duration::days(1);
        if is_weekday(day) {
            days.push(day);
        }
    }
    days.reverse();
    let mut day = today;
    let mut ahead = 0;
    while ahead < future {
        if is_weekday(day) {
            days.push(day);
            ahead += 1;
        }
        day += Duration::days(1);
    }
    days
}

pub async fn run(db: &DatabaseConnection, options: SeedOptions, tz: Tz) -> anyhow::Result<SeedReport> {
    let mut rng = StdRng::from_os_rng();
    let now = Utc::now();

    if !options.force {
        if let Some(found) = real_data(db).await? {
            anyhow::bail!(
                "o banco já tem dados ({found}); `seed` é para bancos de demonstração. \
                 Use --force para acrescentar dados de exemplo mesmo assim."
            );
        }
    }

    // Staff, through the users service (validation and argon2id hashes).
    let mut staff_created = Vec::new();
    for (name, email) in STAFF {
        if users::find_by_email(db, email).await.map_err(|e| anyhow::anyhow!("{e:?}"))?.is_none() {
            let password = users::generate_password();
            let input = NewUser { name: (*name).into(), email: (*email).into(), role: Role::Staff, password: password.clone() };
            users::create(db, input).await.map_err(|e| anyhow::anyhow!("creating {email}: {e:?}"))?;
            staff_created.push(((*email).to_string(), password));
        }
    }

    let txn = db.begin().await?;

    // The services catalogue, once: each seeded appointment points to its service.
    let service_ids = seed_services(&txn).await?;

    // Clients.
    let mut emails: HashSet<String> = client::Entity::find()
        .select_only()
        .column(client::Column::Email)
        .filter(client::Column::Email.is_not_null())
        .into_tuple::<Option<String>>()
        .all(&txn)
        .await?
        .into_iter()
        .flatten()
        .collect();
    let mut documents = HashSet::new();
    let last_before: Option<i32> =
        client::Entity::find().select_only().column_as(client::Column::Id.max(), "max").into_tuple().one(&txn).await?.flatten();
    let mut rows = Vec::with_capacity(options.clients as usize);
    for _ in 0..options.clients {
        let first = *FIRST_NAMES.choose(&mut rng).unwrap_or(&"Maria");
        let mut surnames: Vec<&str> = vec![SURNAMES.choose(&mut rng).copied().unwrap_or("Silva")];
        if rng.random_bool(0.6) {
            let second = SURNAMES.choose(&mut rng).copied().unwrap_or("Souza");
            if second != surnames[0] {
                surnames.push(second);
            }
        }
        let name = format!("{first} {}", surnames.join(" "));
        let email = rng.random_bool(0.9).then(|| {
            let base = format!("{}.{}", slug(first), slug(surnames.last().unwrap_or(&"silva")));
            let domain = EMAIL_DOMAINS.choose(&mut rng).copied().unwrap_or("gmail.com");
            let mut candidate = format!("{base}@{domain}");
            let mut n = 2;
            while emails.contains(&candidate) {
                candidate = format!("{base}{n}@{domain}");
                n += 1;
            }
            emails.insert(candidate.clone());
            candidate
        });
        let phone = rng.random_bool(0.85).then(|| random_mobile(&mut rng));
        let document = rng.random_bool(0.8).then(|| loop {
            let cpf = random_cpf(&mut rng);
            if documents.insert(cpf.clone()) {
                break cpf;
            }
        });
        let birth_date = rng.random_bool(0.9).then(|| {
            NaiveDate::from_ymd_opt(rng.random_range(1945..=2012), rng.random_range(1..=12), rng.random_range(1..=28))
                .unwrap_or_default()
        });
        let notes = rng.random_bool(0.2).then(|| CLIENT_NOTES.choose(&mut rng).copied().unwrap_or_default().to_string());
        let created_at = now - Duration::minutes(rng.random_range(60..=540 * 24 * 60));
        rows.push(client::ActiveModel {
            search_text: Set(search_text(&name, email.as_deref(), phone.as_deref(), document.as_deref())),
            sort_name: Set(expediente_core::kit::validation::normalize_text(&name)),
            name: Set(name),
            email: Set(email),
            phone: Set(phone),
            document: Set(document),
            birth_date: Set(birth_date),
            notes: Set(notes),
            archived: Set(false),
            version: Set(1),
            created_at: Set(created_at),
            updated_at: Set(created_at),
            ..Default::default()
        });
    }
    let clients = rows.len();
    insert_chunks::<client::Entity, _>(&txn, rows).await?;
    // Each new client's "Cadastro" entry, as the clients service writes it
    // (no actor: the command did it), so its history starts where it began.
    let created = client::Entity::find().filter(client::Column::Id.gt(last_before.unwrap_or(0))).all(&txn).await?;
    let entries: Vec<audit_log::ActiveModel> = created
        .into_iter()
        .map(|c| {
            let at = c.created_at;
            let view = ClientView::new(c, tz);
            audit_log::ActiveModel {
                entity: Set(ClientView::ENTITY.into()),
                entity_id: Set(view.id),
                action: Set("create".into()),
                user_id: Set(None),
                changes: Set(audit::diff(&serde_json::Value::Null, &view.snapshot())),
                created_at: Set(at),
                ..Default::default()
            }
        })
        .collect();
    insert_chunks::<audit_log::Entity, _>(&txn, entries).await?;

    // Appointments.
    let mut appointments = 0;
    if options.appointments > 0 {
        let wanted = options.appointments as usize;
        let client_ids: Vec<i32> = client::Entity::find()
            .select_only()
            .column(client::Column::Id)
            .filter(client::Column::Archived.eq(false))
            .into_tuple()
            .all(&txn)
            .await?;
        anyhow::ensure!(!client_ids.is_empty(), "não há clientes para os agendamentos: use --clients");
        let staff: Vec<i32> = user::Entity::find()
            .select_only()
            .column(user::Column::Id)
            .filter(user::Column::Role.eq(Role::Staff))
            .filter(user::Column::Active.eq(true))
            .into_tuple()
            .all(&txn)
            .await?;
        anyhow::ensure!(!staff.is_empty(), "não há profissionais ativos para os agendamentos");

        let today = now.with_timezone(&tz).date_naive();
        // About five appointments a member a weekday; widened until enough slots are free.
        let mut weekdays = (wanted.div_ceil(staff.len() * 5)).max(30);
        let mut free = loop {
            let days = window(today, weekdays * 2 / 3, weekdays - weekdays * 2 / 3);
            let (first, last) = (days[0], days[days.len() - 1] + Duration::days(1));
            let mut busy = Busy::new();
            let existing: Vec<(i32, DateTime<Utc>, DateTime<Utc>)> = appointment::Entity::find()
                .select_only()
                .column(appointment::Column::StaffId)
                .column(appointment::Column::StartsAt)
                .column(appointment::Column::EndsAt)
                .filter(appointment::Column::StaffId.is_in(staff.clone()))
                .filter(appointment::Column::EndsAt.gt(local(first, 0, tz)))
                .filter(appointment::Column::StartsAt.lt(local(last, 0, tz)))
                .into_tuple()
                .all(&txn)
                .await?;
            for (staff_id, starts_at, ends_at) in existing {
                busy.entry(staff_id).or_default().push((starts_at, ends_at));
            }
            let free = slots(&mut rng, &days, &staff, &busy, tz);
            if free.len() >= wanted {
                break free;
            }
            weekdays *= 2;
        };
        free.shuffle(&mut rng);
        free.truncate(wanted);
        free.sort_by_key(|s| (s.starts_at, s.staff_id));
        let mut rows = Vec::with_capacity(wanted);
        for slot in free {
            let (service, price, _) = SERVICES[slot.service];
            let service_id = service_ids.get(slot.service).copied();
            let (status, reason) = if slot.ends_at <= now {
                match rng.random_range(0..100) {
                    0..78 => (AppointmentStatus::Concluido, None),
                    78..89 => (AppointmentStatus::Faltou, None),
                    _ => (AppointmentStatus::Cancelado, CANCELLATION_REASONS.choose(&mut rng).map(|r| r.to_string())),
                }
            } else if slot.starts_at <= now {
                (AppointmentStatus::Confirmado, None)
            } else if rng.random_bool(0.55) {
                (AppointmentStatus::Agendado, None)
            } else {
                (AppointmentStatus::Confirmado, None)
            };
            let created_at = (slot.starts_at - Duration::hours(rng.random_range(2..=21 * 24))).min(now);
            let updated_at = if slot.ends_at <= now { slot.ends_at } else { created_at };
            let notes = rng.random_bool(0.15).then(|| APPOINTMENT_NOTES.choose(&mut rng).copied().unwrap_or_default().to_string());
            rows.push(appointment::ActiveModel {
                client_id: Set(*client_ids.choose(&mut rng).unwrap_or(&client_ids[0])),
                staff_id: Set(slot.staff_id),
                service: Set(service.into()),
                service_id: Set(service_id),
                starts_at: Set(slot.starts_at),
                ends_at: Set(slot.ends_at),
                status: Set(status),
                price_cents: Set(price),
                notes: Set(notes),
                cancellation_reason: Set(reason),
                version: Set(1),
                created_at: Set(created_at),
                updated_at: Set(updated_at),
                ..Default::default()
            });
        }
        appointments = rows.len();
        insert_chunks::<appointment::Entity, _>(&txn, rows).await?;
    }
    txn.commit().await?;
    Ok(SeedReport { staff_created, clients, appointments })
}

/// The ids of `SERVICES` in the catalogue, each created when no service of
/// that name is there yet.
async fn seed_services(txn: &sea_orm::DatabaseTransaction) -> anyhow::Result<Vec<i32>> {
    use entities::service::{self, ServiceColor};
    use sea_orm::{ActiveModelTrait, Iterable};
    let colors: Vec<ServiceColor> = ServiceColor::iter().collect();
    let now = Utc::now();
    let mut ids = Vec::with_capacity(SERVICES.len());
    for (i, (name, price, minutes)) in SERVICES.iter().enumerate() {
        let key = expediente_core::kit::validation::normalize_text(name);
        let found = service::Entity::find().filter(service::Column::NameKey.eq(key.clone())).one(txn).await?;
        let id = match found {
            Some(found) => found.id,
            None => {
                let model = service::ActiveModel {
                    name: Set((*name).into()),
                    name_key: Set(key),
                    duration_minutes: Set(*minutes as i32),
                    price_cents: Set(*price),
                    color: Set(colors[i % colors.len()]),
                    buffer_before_minutes: Set(0),
                    buffer_after_minutes: Set(0),
                    active: Set(true),
                    version: Set(1),
                    created_at: Set(now),
                    updated_at: Set(now),
                    ..Default::default()
                };
                model.insert(txn).await?.id
            }
        };
        ids.push(id);
    }
    Ok(ids)
}

async fn insert_chunks<E, A>(txn: &sea_orm::DatabaseTransaction, rows: Vec<A>) -> anyhow::Result<()>
where
    E: EntityTrait,
    A: sea_orm::ActiveModelTrait<Entity = E> + Send,
{
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let chunk: Vec<A> = rows.by_ref().take(CHUNK).collect();
        E::insert_many(chunk).exec_without_returning(txn).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_cpfs_and_phones_pass_the_clients_checks() {
        type Generate = fn(&mut StdRng) -> String;
        type Check = fn(&str) -> Result<String, &'static str>;
        let cases: [(Generate, Check, usize); 2] = [
            (|rng| random_cpf(rng), expediente_core::kit::validation::parse_cpf, 2_000),
            (|rng| random_mobile(rng), expediente_core::kit::validation::parse_phone, 500),
        ];
        for (generate, check, count) in cases {
            let mut rng = StdRng::seed_from_u64(7);
            for _ in 0..count {
                let value = generate(&mut rng);
                assert_eq!(check(&value), Ok(value.clone()));
            }
        }
    }

    #[test]
    fn slugs_drop_accents() {
        assert_eq!(slug("Conceição"), "conceicao");
        assert_eq!(slug("Élton"), "elton");
    }
}
