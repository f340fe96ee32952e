// @vitest-environment node
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries of eslint.config.js, on sources written here as if
 * they were files of src/: a feature reaches another only through its
 * index.ts; shared code reaches no feature.
 */
const client = path.resolve(__dirname, '..');
const eslint = new ESLint({ cwd: client });

async function boundaryErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(client, file) });
  return result.messages.filter((m) => m.ruleId?.startsWith('boundaries/')).map((m) => m.message);
}

describe('import boundaries', () => {
  it('refuse a deep import of another feature', async () => {
    const errors = await boundaryErrors(
      'src/features/users/deep-import.ts',
      "import { useGetServicesQuery } from '../schedule/lib/schedule-api';\nexport const hook = useGetServicesQuery;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/feature 'users'.*feature 'schedule'/);
  });

  it('let a feature use another through its index.ts, and its own files freely', async () => {
    expect(
      await boundaryErrors('src/features/users/public-import.ts', "import { TimeOffList } from '../schedule';\nexport const list = TimeOffList;\n"),
    ).toEqual([]);
    expect(
      await boundaryErrors('src/features/schedule/own-import.ts', "import { useGetServicesQuery } from './lib/schedule-api';\nexport const hook = useGetServicesQuery;\n"),
    ).toEqual([]);
  });

  it('keep shared code out of every feature, even through its index.ts', async () => {
    const errors = await boundaryErrors('src/components/shared-import.ts', "import { TimeOffList } from '../features/schedule';\nexport const list = TimeOffList;\n");
    expect(errors).toHaveLength(1);
  });
});
