/** The error of an artefact the function cannot use (src/artefacts/reader.ts), kept apart so that raising or catching it loads nothing else. */

/** What went wrong with an artefact. */
export type ArtefactProblem = 'missing' | 'truncated' | 'mismatch' | 'invalid' | 'unreadable';

/** An artefact that is missing, truncated, from another build or format, or not what its schema says. */
export class ArtefactError extends Error {
  override name = 'ArtefactError';
  /** The file, relative to the artefacts' folder. */
  readonly file: string;
  readonly problem: ArtefactProblem;

  constructor(file: string, problem: ArtefactProblem, detail: string, options?: { cause?: unknown }) {
    super(`The build artefact ${file} ${detail}.`, options);
    this.file = file;
    this.problem = problem;
  }
}
