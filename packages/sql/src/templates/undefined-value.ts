// Its own file so the runtime can name it without importing the value model, which imports the runtime.
/**
 * A variable, attribute or item that does not exist. It travels through attribute access (so
 * `x.y | default(1)` works) and is recorded as missing as soon as its value is really needed.
 */
export class UndefinedValue {
  /** Makes the class nominal: no plain `{ name }` object can pass for an undefined value. */
  readonly #undefined = true;

  constructor(readonly name: string) {}

  get isUndefined(): boolean {
    return this.#undefined;
  }
}
