import { issueCodeSchema, type IssueCodeItem, type SupersetError } from '@tessera/contracts';
import { z } from 'zod';

const issueCodesSchema = z.array(issueCodeSchema);

/** The distinct issue codes carried by a list of SIP-40 errors, in order of appearance. */
export function collectIssueCodes(errors: readonly SupersetError[] | undefined): IssueCodeItem[] {
  const seen = new Set<number>();
  const codes: IssueCodeItem[] = [];
  for (const error of errors ?? []) {
    const parsed = issueCodesSchema.safeParse(error.extra?.issue_codes);
    if (!parsed.success) continue;
    for (const item of parsed.data) {
      if (seen.has(item.code)) continue;
      seen.add(item.code);
      codes.push(item);
    }
  }
  return codes;
}
