import type { Connector, PrivilegeRisk } from '@tessera/connectors';
import { readOnlyRoleExtraSchema, securityWarningsOf } from '@tessera/contracts';

/** How long a listing waits for a privilege check before answering without it. */
const LIST_BUDGET_MS = 2000;

// Keyed by connector: the registry builds a new one when the row changes, which drops the entry.
const checks = new WeakMap<Connector, Promise<PrivilegeRisk[]>>();

function risksOf(connector: Connector): Promise<PrivilegeRisk[]> {
  let check = checks.get(connector);
  if (!check) {
    check = connector.getPrivilegeRisks();
    checks.set(connector, check);
    // A failed check (server down) is retried by the next request instead of being remembered.
    check.catch(() => checks.delete(connector));
  }
  return check;
}

/**
 * The warnings for a registered database's connection user, or [] when the engine cannot be
 * asked within the budget (the check goes on and a later request sees its answer).
 */
export async function securityWarningsFor(
  connector: Connector,
  budgetMs = LIST_BUDGET_MS,
): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<PrivilegeRisk[]>((resolve) => {
    timer = setTimeout(() => resolve([]), budgetMs);
  });
  try {
    return securityWarningsOf(await Promise.race([risksOf(connector), timeout]));
  } catch {
    return [];
  } finally {
    clearTimeout(timer);
  }
}

/** The warnings for a connection being tested; the connector is thrown away afterwards. */
export async function testedSecurityWarnings(connector: Connector): Promise<string[]> {
  try {
    return securityWarningsOf(await connector.getPrivilegeRisks());
  } catch {
    return [];
  }
}

/** `extra.read_only_role`, or null when absent, empty or extra is not the expected shape. */
export function readOnlyRoleOf(extra: string | null): string | null {
  if (!extra) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(extra);
  } catch {
    return null;
  }
  const result = readOnlyRoleExtraSchema.safeParse(parsed);
  return result.success ? (result.data.read_only_role ?? null) : null;
}
