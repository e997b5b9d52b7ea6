/**
 * What Netlify deploys for the API function, made the way a deploy makes it: `netlify build
 * --offline` in a project folder (netlify-cli's own bundler and the project's netlify.toml,
 * included_files and all), then `.netlify/functions/api.zip` unzipped into a folder of its own,
 * as the platform runs it (working directory = that folder). Used by `npm run bench:scale`,
 * `npm run bench:mcp` and the scale integration test.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { netlifyEnv } from '../netlify-env.ts';

/** The API function's entry inside the zip (zip-it-and-ship-it names it after functions/api.mts). */
export const ENTRY_IN_ZIP = 'functions/api.mjs';

export interface FunctionZip {
  /** The zip as netlify build wrote it. */
  zip: string;
  zipBytes: number;
  /** The folder it was unzipped into. */
  dir: string;
  /** The entry file, and its size in bytes. */
  entry: string;
  entryBytes: number;
  /** Files in the zip, and their total size unzipped. */
  files: number;
  unzippedBytes: number;
  /** Image files in the zip (by name: .jpg, .png, .webp, …): the function ships none of the site's pictures. */
  imageFiles: number;
}

const IMAGE_FILE = /\.(jpe?g|png|webp|avif|gif|svg)$/i;

/**
 * Gives the netlify.toml of `projectDir` (a throwaway copy whose site is built already) a no-op
 * build command, so `netlify build` and `npm start` there skip `astro build`. Idempotent.
 */
export function skipSiteBuildCommand(projectDir: string): void {
  const toml = path.join(projectDir, 'netlify.toml');
  const text = readFileSync(toml, 'utf8');
  if (/^\s*command\s*=\s*"echo site already built"/m.test(text)) return;
  const changed = text.replace(/^(\s*command\s*=\s*)"npm run build"/m, '$1"echo site already built"');
  if (changed === text) throw new Error(`${toml} has no [build] command = "npm run build" to replace`);
  writeFileSync(toml, changed);
}

/**
 * Runs `netlify build --offline` in `projectDir`. With `skipSiteBuild`, the folder's
 * netlify.toml gets a no-op build command first (for a throwaway copy whose site was just built
 * and timed on its own), so only the functions (and edge functions) are bundled.
 */
export async function netlifyBuild(
  projectDir: string,
  root: string,
  options: { skipSiteBuild?: boolean } = {},
): Promise<void> {
  if (options.skipSiteBuild) skipSiteBuildCommand(projectDir);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules/.bin/netlify'), ['build', '--offline'], {
      cwd: projectDir,
      env: netlifyEnv(root),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(text)
        : reject(new Error(`netlify build failed in ${projectDir} (exit ${code}):\n${text.slice(-4000)}`)),
    );
  });
  if (!/Netlify Build Complete/.test(output))
    throw new Error(`netlify build did not complete in ${projectDir}:\n${output.slice(-4000)}`);
}

/** Unzips `zip` into `dir` (created), refusing entries that would land outside it. */
export async function unzip(zip: string, dir: string): Promise<{ files: number; bytes: number; images: number }> {
  mkdirSync(dir, { recursive: true });
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(zip, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  let files = 0;
  let bytes = 0;
  let images = 0;
  await new Promise<void>((resolve, reject) => {
    archive.on('error', reject);
    archive.on('end', () => resolve());
    archive.on('entry', (entry: yauzl.Entry) => {
      const target = path.resolve(dir, entry.fileName);
      if (!target.startsWith(path.resolve(dir) + path.sep))
        return reject(new Error(`${zip}: entry ${entry.fileName} points outside the folder`));
      // A symlink in the zip (Unix mode 0o120000) would land as a file holding its target.
      if (((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000) {
        return reject(
          new Error(
            `${zip}: ${entry.fileName} is a symbolic link; the function's packages must be real folders (npm install, not links)`,
          ),
        );
      }
      if (entry.fileName.endsWith('/')) {
        mkdirSync(target, { recursive: true });
        archive.readEntry();
        return;
      }
      mkdirSync(path.dirname(target), { recursive: true });
      archive.openReadStream(entry, (error, stream) => {
        if (error || !stream) return reject(error ?? new Error(`cannot read ${entry.fileName}`));
        files += 1;
        bytes += entry.uncompressedSize;
        if (IMAGE_FILE.test(entry.fileName)) images += 1;
        pipeline(stream, createWriteStream(target)).then(() => archive.readEntry(), reject);
      });
    });
    archive.readEntry();
  });
  return { files, bytes, images };
}

/** `netlify build --offline` in `projectDir`, then its api.zip unzipped into `into`. */
export async function buildFunctionZip(
  projectDir: string,
  root: string,
  into: string,
  options: { skipSiteBuild?: boolean } = {},
): Promise<FunctionZip> {
  await netlifyBuild(projectDir, root, options);
  const zip = path.join(projectDir, '.netlify/functions/api.zip');
  const { files, bytes, images } = await unzip(zip, into);
  const entry = path.join(into, ENTRY_IN_ZIP);
  return {
    zip,
    zipBytes: statSync(zip).size,
    dir: into,
    entry,
    entryBytes: statSync(entry).size,
    files,
    unzippedBytes: bytes,
    imageFiles: images,
  };
}
