// Resource names in German: the server names its resources in English path segments
// ("mailboxes", "dns/records"); the common nouns of hosting APIs read in German here, every other
// name stays the server's own. Whole names are looked up, any case.
import type { Collection, Part, ResourceModel } from './resource-model.ts';

const NAMES: Readonly<Record<string, string>> = {
  customers: 'Kunden', customer: 'Kunde',
  accounts: 'Konten', account: 'Konto',
  'hosting accounts': 'Hosting-Konten', 'hosting account': 'Hosting-Konto',
  webspaces: 'Webspaces', webspace: 'Webspace',
  domains: 'Domains', domain: 'Domain',
  subdomains: 'Subdomains', subdomain: 'Subdomain',
  mailboxes: 'Postfächer', mailbox: 'Postfach',
  'mail addresses': 'E-Mail-Adressen', 'mail address': 'E-Mail-Adresse',
  'email addresses': 'E-Mail-Adressen', 'email address': 'E-Mail-Adresse',
  forwards: 'Weiterleitungen', forward: 'Weiterleitung',
  'mail forwards': 'E-Mail-Weiterleitungen', 'mail forward': 'E-Mail-Weiterleitung',
  forwardings: 'Weiterleitungen', forwarding: 'Weiterleitung',
  aliases: 'Aliasse', alias: 'Alias',
  'dns records': 'DNS-Einträge', 'dns record': 'DNS-Eintrag',
  records: 'Einträge', record: 'Eintrag',
  zones: 'Zonen', zone: 'Zone', 'dns zones': 'DNS-Zonen', 'dns zone': 'DNS-Zone',
  users: 'Benutzer', user: 'Benutzer',
  databases: 'Datenbanken', database: 'Datenbank',
  'database users': 'Datenbank-Benutzer', 'database user': 'Datenbank-Benutzer',
  'ftp accounts': 'FTP-Konten', 'ftp account': 'FTP-Konto',
  'ssh keys': 'SSH-Schlüssel', 'ssh key': 'SSH-Schlüssel',
  'cron jobs': 'Cronjobs', 'cron job': 'Cronjob', cronjobs: 'Cronjobs', cronjob: 'Cronjob',
  backups: 'Sicherungen', backup: 'Sicherung',
  certificates: 'Zertifikate', certificate: 'Zertifikat',
  servers: 'Server', server: 'Server',
  projects: 'Projekte', project: 'Projekt',
  contacts: 'Kontakte', contact: 'Kontakt',
  invoices: 'Rechnungen', invoice: 'Rechnung',
  contracts: 'Verträge', contract: 'Vertrag',
  plans: 'Tarife', plan: 'Tarif',
  settings: 'Einstellungen',
  password: 'Passwort',
  quota: 'Kontingent',
  statistics: 'Statistik', stats: 'Statistik',
  status: 'Status',
  'renew certificate': 'Zertifikat erneuern', renew: 'Erneuern',
  suspend: 'Sperren', unsuspend: 'Entsperren', resume: 'Fortsetzen',
  restart: 'Neu starten', start: 'Starten', stop: 'Anhalten', reboot: 'Neu starten',
  enable: 'Einschalten', disable: 'Ausschalten',
};

/** A name in German where the table has it, else as the server's description gives it. */
export function germanName(name: string): string {
  const key = name.toLowerCase();
  return Object.hasOwn(NAMES, key) ? NAMES[key] ?? name : name;
}

const part = (entry: Part): Part => ({ ...entry, name: germanName(entry.name) });

/** The model with its names in German; everything else as it is. */
export function germanModel(model: ResourceModel): ResourceModel {
  return {
    ...model,
    collections: model.collections.map((collection): Collection => ({ ...collection, name: germanName(collection.name), singular: germanName(collection.singular) })),
    items: model.items.map((item) => ({
      ...item, settings: item.settings.map(part), aspects: item.aspects.map(part), actions: item.actions.map(part), views: item.views.map(part),
    })),
  };
}
