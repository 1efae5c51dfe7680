/** Where SQL Lab lives (spec 000 §2). */
export const SQLLAB_PATH = '/sqllab/';
