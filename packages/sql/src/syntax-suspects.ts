import type { ScriptClassification } from './classify';
import { STATEMENT_LEADS, selectLeads } from './keywords';
import { isPunct, tokenize } from './lexer';
import type { Engine } from './types';

/**
 * Command words of the supported engines that the read-only check does not list as leads. A
 * statement starting with one is a command however the rest is spelled, and PostgreSQL's PREPARE
 * (the syntax probe there) takes none of them, so such text is never probed.
 */
const OTHER_COMMANDS = new Set([
  'ABORT',
  'ANALYZE',
  'ATTACH',
  'BEGIN',
  'CHECKPOINT',
  'CLOSE',
  'CLUSTER',
  'COMMIT',
  'DEALLOCATE',
  'DETACH',
  'DISCARD',
  'END',
  'FETCH',
  'FLUSH',
  'GRANT',
  'HANDLER',
  'INSTALL',
  'KILL',
  'LISTEN',
  'LOCK',
  'MOVE',
  'NOTIFY',
  'OPTIMIZE',
  'PURGE',
  'REASSIGN',
  'REFRESH',
  'REINDEX',
  'RELEASE',
  'REPAIR',
  'RESET',
  'REVOKE',
  'ROLLBACK',
  'SAVEPOINT',
  'SECURITY',
  'START',
  'UNINSTALL',
  'UNLISTEN',
  'UNLOCK',
  'USE',
  'VACUUM',
  'XA',
]);

/** The first word of a statement (after opening parentheses), upper-cased by the lexer; null if none. */
function leadWord(text: string, engine: Engine): string | null {
  const { tokens } = tokenize(text, engine);
  let index = 0;
  while (isPunct(tokens[index], '(')) index += 1;
  const lead = tokens[index];
  return lead?.kind === 'word' ? lead.value : null;
}

/**
 * Statements of a script refused as not read-only that may be mistyped rather than writes: those
 * that start with no command word ("SELEC * FRM t"), and reads (SELECT, WITH, ...) the check could
 * not prove. The engine is asked to parse these (ConnectorSession.checkSyntax) so that a typo is
 * answered as the syntax error it is; statements led by a known command stay refused as writes.
 */
export function syntaxSuspects(
  script: ScriptClassification,
  engine: Engine,
): { index: number; text: string }[] {
  const reads = selectLeads(engine);
  return script.statements
    .filter((statement) => {
      if (statement.readOnly) return false;
      const lead = leadWord(statement.text, engine);
      if (lead === null) return true;
      if (reads.has(lead) || lead === 'WITH') return true;
      return !STATEMENT_LEADS.has(lead) && !OTHER_COMMANDS.has(lead);
    })
    .map(({ index, text }) => ({ index, text }));
}
