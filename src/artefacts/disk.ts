/** The artefacts as files in a folder: how the API function reads them (from its own deployment). */
import { readFile } from 'node:fs/promises';
import type { ArtefactSource } from './reader.ts';

/** Reads artefact files from `folder` (a `file:` URL ending in a slash). */
export function diskArtefacts(folder: URL): ArtefactSource {
  if (!folder.href.endsWith('/')) throw new Error(`The artefacts' folder must end with a slash: ${folder.href}`);
  return (file) => readFile(new URL(file, folder));
}
