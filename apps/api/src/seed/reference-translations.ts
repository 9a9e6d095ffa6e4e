import type { Translations } from '@lm/contracts/translations';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

type Texts = { fr: string; de: string; ar: string; tr: string };

const FOLLOWERS: Record<string, Texts> = {
  'Up to 10k followers': {
    fr: 'Jusqu’à 10 k abonnés',
    de: 'Bis zu 10.000 Follower',
    ar: 'حتى 10 آلاف متابع',
    tr: '10 bine kadar takipçi',
  },
  '1k to 10k followers': {
    fr: 'De 1 k à 10 k abonnés',
    de: '1.000 bis 10.000 Follower',
    ar: 'من ألف إلى 10 آلاف متابع',
    tr: '1 bin ile 10 bin arası takipçi',
  },
  '10k to 50k followers': {
    fr: 'De 10 k à 50 k abonnés',
    de: '10.000 bis 50.000 Follower',
    ar: 'من 10 آلاف إلى 50 ألف متابع',
    tr: '10 bin ile 50 bin arası takipçi',
  },
  '50k to 250k followers': {
    fr: 'De 50 k à 250 k abonnés',
    de: '50.000 bis 250.000 Follower',
    ar: 'من 50 ألفًا إلى 250 ألف متابع',
    tr: '50 bin ile 250 bin arası takipçi',
  },
  'Over 250k followers': {
    fr: 'Plus de 250 k abonnés',
    de: 'Über 250.000 Follower',
    ar: 'أكثر من 250 ألف متابع',
    tr: '250 binden fazla takipçi',
  },
  'Playlists up to 10k followers': {
    fr: 'Playlists jusqu’à 10 k abonnés',
    de: 'Playlists mit bis zu 10.000 Followern',
    ar: 'قوائم تشغيل حتى 10 آلاف متابع',
    tr: '10 bine kadar takipçili çalma listeleri',
  },
};

/** A default record's translations, and its English description when it has one translated. */
interface RecordTexts {
  translations: Translations;
  description?: string;
}

/**
 * One reference table's default records by their English name (`key`, the column that names a
 * record), with their texts in the other languages.
 */
interface TableTexts {
  table: string;
  key: string;
  records: Record<string, RecordTexts>;
}

const name = (texts: Texts, field: string, description?: string): RecordTexts => ({
  translations: { [field]: texts, ...(description ? { description: FOLLOWERS[description]! } : {}) },
  ...(description ? { description } : {}),
});

/**
 * The texts of the default reference records in French, German, Arabic and Turkish, by the English
 * text the seeds write.
 */
export const REFERENCE_TRANSLATIONS: TableTexts[] = [
  {
    table: 'coin_packages',
    key: 'name',
    records: {
      Starter: name({ fr: 'Découverte', de: 'Einstieg', ar: 'باقة البداية', tr: 'Başlangıç' }, 'name'),
      Growth: name({ fr: 'Croissance', de: 'Wachstum', ar: 'باقة النمو', tr: 'Büyüme' }, 'name'),
      Pro: name({ fr: 'Professionnel', de: 'Profi', ar: 'باقة المحترفين', tr: 'Profesyonel' }, 'name'),
      Label: name({ fr: 'Label', de: 'Label', ar: 'باقة شركات الإنتاج', tr: 'Plak şirketi' }, 'name'),
    },
  },
  {
    table: 'fan_finder_plans',
    key: 'plan_name',
    records: {
      Monthly: name({ fr: 'Mensuel', de: 'Monatlich', ar: 'شهري', tr: 'Aylık' }, 'plan_name'),
      Quarterly: name(
        { fr: 'Trimestriel', de: 'Vierteljährlich', ar: 'ربع سنوي', tr: 'Üç aylık' },
        'plan_name',
      ),
    },
  },
  {
    table: 'tiers',
    key: 'name',
    records: {
      Bronze: name({ fr: 'Bronze', de: 'Bronze', ar: 'برونزي', tr: 'Bronz' }, 'name', 'Up to 10k followers'),
      Silver: name({ fr: 'Argent', de: 'Silber', ar: 'فضي', tr: 'Gümüş' }, 'name', '10k to 50k followers'),
      Gold: name({ fr: 'Or', de: 'Gold', ar: 'ذهبي', tr: 'Altın' }, 'name', '50k to 250k followers'),
      Platinum: name(
        { fr: 'Platine', de: 'Platin', ar: 'بلاتيني', tr: 'Platin' },
        'name',
        'Over 250k followers',
      ),
    },
  },
  {
    table: 'express_tiers',
    key: 'tier_name',
    records: {
      Starter: name(
        { fr: 'Débutant', de: 'Einsteiger', ar: 'مبتدئ', tr: 'Başlangıç' },
        'tier_name',
        'Playlists up to 10k followers',
      ),
      Rising: name(
        { fr: 'En vue', de: 'Aufsteiger', ar: 'صاعد', tr: 'Yükselen' },
        'tier_name',
        '10k to 50k followers',
      ),
      Premium: name(
        { fr: 'Premium', de: 'Premium', ar: 'مميز', tr: 'Premium' },
        'tier_name',
        '50k to 250k followers',
      ),
      Elite: name({ fr: 'Élite', de: 'Elite', ar: 'نخبة', tr: 'Elit' }, 'tier_name', 'Over 250k followers'),
    },
  },
  {
    table: 'social_tiers',
    key: 'tier_name',
    records: {
      Nano: name({ fr: 'Nano', de: 'Nano', ar: 'نانو', tr: 'Nano' }, 'tier_name', '1k to 10k followers'),
      Micro: name(
        { fr: 'Micro', de: 'Mikro', ar: 'مايكرو', tr: 'Mikro' },
        'tier_name',
        '10k to 50k followers',
      ),
      Mid: name(
        { fr: 'Intermédiaire', de: 'Mittel', ar: 'متوسط', tr: 'Orta' },
        'tier_name',
        '50k to 250k followers',
      ),
      Macro: name({ fr: 'Macro', de: 'Makro', ar: 'ماكرو', tr: 'Makro' }, 'tier_name', 'Over 250k followers'),
    },
  },
  {
    table: 'tickets_departments',
    key: 'department_name',
    records: {
      General: name({ fr: 'Général', de: 'Allgemein', ar: 'عام', tr: 'Genel' }, 'department_name'),
      Campaigns: name(
        { fr: 'Campagnes', de: 'Kampagnen', ar: 'الحملات', tr: 'Kampanyalar' },
        'department_name',
      ),
      'Payments and payouts': name(
        {
          fr: 'Paiements et versements',
          de: 'Zahlungen und Auszahlungen',
          ar: 'المدفوعات والسحوبات',
          tr: 'Ödemeler ve para çekme',
        },
        'department_name',
      ),
    },
  },
  {
    table: 'express_reasons',
    key: 'reason',
    records: {
      'Does not fit the playlist genre': name(
        {
          fr: 'Ne correspond pas au genre de la playlist',
          de: 'Passt nicht zum Genre der Playlist',
          ar: 'لا يناسب النوع الموسيقي لقائمة التشغيل',
          tr: 'Çalma listesinin türüne uymuyor',
        },
        'reason',
      ),
      'Production quality below the playlist standard': name(
        {
          fr: 'Qualité de production en dessous du niveau de la playlist',
          de: 'Produktionsqualität unter dem Niveau der Playlist',
          ar: 'جودة الإنتاج أقل من مستوى قائمة التشغيل',
          tr: 'Prodüksiyon kalitesi çalma listesinin standardının altında',
        },
        'reason',
      ),
      'Playlist is full for now': name(
        {
          fr: 'La playlist est complète pour le moment',
          de: 'Die Playlist ist im Moment voll',
          ar: 'قائمة التشغيل ممتلئة حاليًا',
          tr: 'Çalma listesi şu an dolu',
        },
        'reason',
      ),
      'Explicit content not accepted on this playlist': name(
        {
          fr: 'Contenu explicite refusé sur cette playlist',
          de: 'Explizite Inhalte sind in dieser Playlist nicht erlaubt',
          ar: 'المحتوى الصريح غير مقبول في قائمة التشغيل هذه',
          tr: 'Bu çalma listesinde müstehcen içerik kabul edilmiyor',
        },
        'reason',
      ),
      Other: name({ fr: 'Autre', de: 'Sonstiges', ar: 'سبب آخر', tr: 'Diğer' }, 'reason'),
      'The sound does not fit my content': name(
        {
          fr: 'Le son ne correspond pas à mes contenus',
          de: 'Der Sound passt nicht zu meinen Inhalten',
          ar: 'الصوت لا يناسب المحتوى الذي أقدمه',
          tr: 'Ses içeriklerime uymuyor',
        },
        'reason',
      ),
      'My audience would not engage with this genre': name(
        {
          fr: 'Mon audience n’accrocherait pas à ce genre',
          de: 'Mein Publikum würde mit diesem Genre nicht interagieren',
          ar: 'جمهوري لن يتفاعل مع هذا النوع الموسيقي',
          tr: 'Takipçilerim bu türle etkileşime girmez',
        },
        'reason',
      ),
      'The sound does not work in a short video': name(
        {
          fr: 'Le son ne fonctionne pas dans une vidéo courte',
          de: 'Der Sound funktioniert in einem kurzen Video nicht',
          ar: 'الصوت لا يصلح لمقطع فيديو قصير',
          tr: 'Ses kısa bir videoda işe yaramıyor',
        },
        'reason',
      ),
      'My posting schedule is full for now': name(
        {
          fr: 'Mon calendrier de publication est complet pour le moment',
          de: 'Mein Veröffentlichungsplan ist im Moment voll',
          ar: 'جدول النشر لدي ممتلئ حاليًا',
          tr: 'Paylaşım takvimim şu an dolu',
        },
        'reason',
      ),
      'Explicit lyrics do not suit my account': name(
        {
          fr: 'Les paroles explicites ne conviennent pas à mon compte',
          de: 'Explizite Texte passen nicht zu meinem Konto',
          ar: 'الكلمات الصريحة لا تناسب حسابي',
          tr: 'Müstehcen sözler hesabıma uygun değil',
        },
        'reason',
      ),
    },
  },
];

/**
 * Give the default reference records their texts in the other languages: a record
 * still named as the seed wrote it and without any translation gets them; a record staff translated
 * (or renamed) is left alone. Safe to run on every start; run after the seeds that insert the records.
 */
export async function seedReferenceTranslations(database: Database): Promise<void> {
  for (const { table, key, records } of REFERENCE_TRANSLATIONS) {
    for (const [english, record] of Object.entries(records)) {
      // A description staff rewrote keeps the record untranslated rather than mistranslated.
      const sameDescription = record.description ? sql` and description = ${record.description}` : sql``;
      await database.db.execute(sql`update ${sql.identifier(table)}
          set translations = ${JSON.stringify(record.translations)}::jsonb
        where ${sql.identifier(key)} = ${english} and translations = '{}'::jsonb${sameDescription}`);
    }
  }
}
