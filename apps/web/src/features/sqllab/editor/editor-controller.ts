/** What the page may ask of the mounted editor (kept free of CodeMirror so the editor chunk stays lazy). */
export interface EditorController {
  /** Closes the completion list, which would otherwise stay open over the editor after a run. */
  closeCompletion: () => void;
}
