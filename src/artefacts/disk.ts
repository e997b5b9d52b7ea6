/**
 * The artefacts as files in a folder: how the API function reads them (from its own deployment).
 * node:fs, not node:fs/promises: the function loads node:fs anyway, and each further built-in
 * module costs it about a millisecond at start.
 */
import { readFile } from 'node:fs';
import type { ArtefactSource } from './reader.ts';

/** Reads artefact files from `folder` (a `file:` URL ending in a slash). */
export function diskArtefacts(folder: URL): ArtefactSource {
  if (!folder.href.endsWith('/')) throw new Error(`The artefacts' folder must end with a slash: ${folder.href}`);
  return (file) =>
    new Promise((resolve, reject) => {
      readFile(new URL(file, folder), (error, bytes) => (error ? reject(error) : resolve(bytes)));
    });
}
