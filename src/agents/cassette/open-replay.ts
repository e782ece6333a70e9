import { InputError } from '../../core/errors.js';
import { readCassette } from './read-cassette.js';
import { ReplayingLanguageModel } from './replaying-language-model.js';

/** `--replay CASSETTE`: a model that answers from the cassette, bound to the model name it recorded. */
export function openReplay(path: string, modelName?: string): { model: ReplayingLanguageModel; warnings: string[] } {
  const cassette = readCassette(path);
  const name = modelName ?? cassette.entries[0]?.entry.request.model;
  if (name === undefined) throw new InputError('empty-cassette', 'the cassette holds no exchanges to replay', { file: path, line: 1, column: 1 });
  return { model: new ReplayingLanguageModel(name, cassette), warnings: cassette.warnings };
}
