/** Where one hosting server is and how its certificate is checked. */
export interface HostingTarget {
  origin: URL;
  /** PEM to pin; undefined means the system CAs. */
  ca: string | undefined;
  insecureTls: boolean;
}
