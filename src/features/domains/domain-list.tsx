// Placeholder until the Domains screen lands (issue 9); replaced by the helper that builds it.
export function DomainList() {
  return null;
}
