/** The tab's sessionStorage, or nothing where there is none or access throws (some privacy modes). */
export function sessionStorageOrNothing(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}
