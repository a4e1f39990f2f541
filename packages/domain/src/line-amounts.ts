// The HT amounts of one constat's counts (product.md §9), rétrocession and facturation: pure functions
// of counts and tariffs over decimal.js only, so the web app imports this very module to show
// the amounts as the counts are typed (product.md §4, §9), the same rules the server applies when it saves.
import { Decimal, roundCents, toDecimal, type DecimalInput } from './money.js';

/**
 * A constat's counts (the Report model's columns, product.md §3): the secretary's provisional ones, then
 * the rétrocession and billing ones the admin validates. The one type every layer names them by.
 */
export interface ReportCounts {
  countPagesProvisional: number;
  countPhotosProvisional: number;
  countPagesRetrocession: number;
  countPhotosRetrocession: number;
  countPagesBilling: number;
  countPhotosBilling: number;
}

type Price = DecimalInput | null | undefined;

/** A constat's billing counts and the étude's tariffs that apply to it (read-model/tariffs.ts). */
export type BillingCounts = Pick<ReportCounts, 'countPagesBilling' | 'countPhotosBilling'> & {
  billingPricePage: Price;
  billingPricePhoto: Price;
};

/** A constat's rétrocession counts and the secretary's tariffs that apply to it (read-model/tariffs.ts). */
export type RetrocessionCounts = Pick<ReportCounts, 'countPagesRetrocession' | 'countPhotosRetrocession'> & {
  retrocessionPricePage: Price;
  retrocessionPricePhoto: Price;
};

export interface CountsAndPrices {
  pages: number;
  photos: number;
  pricePage: DecimalInput | null | undefined;
  pricePhoto: DecimalInput | null | undefined;
}

export interface LineAmounts {
  /** Pages charged as text once the photos are taken off (the count the page price applies to). */
  textPages: number;
  pages: Decimal;
  photos: Decimal;
  total: Decimal;
}

/**
 * product.md §9 "current revenue" and "statistics": counts × prices, pages and photos as counted (no
 * photo deduction), rounded to the cent per report like every other line.
 */
export function countsAmount({ pages, photos, pricePage, pricePhoto }: CountsAndPrices): Decimal {
  return roundCents(toDecimal(pricePage).times(pages).plus(toDecimal(pricePhoto).times(photos)));
}

/** Half up, as the legacy Math.round: 2.5 → 3. */
export const roundHalfUp = (value: number) => Math.floor(value + 0.5);

/** product.md §9: text pages = round(pages − photos/2), a photo counting as half a page, never below zero. */
export function retrocessionTextPages(pages: number, photos: number): number {
  return Math.max(0, roundHalfUp(pages - photos / 2));
}

/** product.md §9: text pages = billing pages − round(photos/2), never below zero. */
export function billingTextPages(pages: number, photos: number): number {
  return Math.max(0, pages - roundHalfUp(photos / 2));
}

function lineAmounts(textPages: number, { photos, pricePage, pricePhoto }: CountsAndPrices): LineAmounts {
  const pagesAmount = roundCents(toDecimal(pricePage).times(textPages));
  const photosAmount = roundCents(toDecimal(pricePhoto).times(photos));
  return { textPages, pages: pagesAmount, photos: photosAmount, total: pagesAmount.plus(photosAmount) };
}

/**
 * product.md §9: pages amount = round(pages − photos/2) × secretary page price (a photo counts as half a
 * page of text, never below zero); photos amount = photos × secretary photo price.
 */
export function retrocessionAmounts(counts: CountsAndPrices): LineAmounts {
  return lineAmounts(retrocessionTextPages(counts.pages, counts.photos), counts);
}

/**
 * product.md §9: HT = (billing pages − round(photos/2)) × group page price + photos × group photo price
 * (photos are counted apart, so half their number comes off the text pages, never below zero).
 */
export function billingAmounts(counts: CountsAndPrices): LineAmounts {
  return lineAmounts(billingTextPages(counts.pages, counts.photos), counts);
}

/** The line a constat bills: its billing counts at the étude's tariffs. */
export const billingLine = (report: BillingCounts): CountsAndPrices => ({
  pages: report.countPagesBilling,
  photos: report.countPhotosBilling,
  pricePage: report.billingPricePage,
  pricePhoto: report.billingPricePhoto,
});

/** The line a constat pays its secretary: its rétrocession counts at her tariffs. */
export const retrocessionLine = (report: RetrocessionCounts): CountsAndPrices => ({
  pages: report.countPagesRetrocession,
  photos: report.countPhotosRetrocession,
  pricePage: report.retrocessionPricePage,
  pricePhoto: report.retrocessionPricePhoto,
});

/** product.md §9: a constat's billing amounts HT (billingAmounts of its billing line). */
export const reportBillingAmounts = (report: BillingCounts): LineAmounts => billingAmounts(billingLine(report));

/** product.md §9: a constat's rétrocession amounts HT (retrocessionAmounts of its rétrocession line). */
export const reportRetrocessionAmounts = (report: RetrocessionCounts): LineAmounts => retrocessionAmounts(retrocessionLine(report));

/** Which of product.md §9's two text-page rules a screen's figures follow. */
export type TextPagesRule = 'billing' | 'retrocession';

/**
 * product.md §9 in words: the one French explanation of « pages texte » every screen shows beside a
 * figure or an amount derived from it. Its example is computed by the rule itself, so it cannot drift.
 */
export function textPagesExplanation(rule: TextPagesRule): string {
  const [pages, photos] = [5, 3];
  const example = rule === 'billing' ? billingTextPages(pages, photos) : retrocessionTextPages(pages, photos);
  const rounding = rule === 'billing' ? 'la moitié des photos arrondie au supérieur' : 'le résultat arrondi au supérieur';
  return `Pages texte = pages − photos ÷ 2 (${rounding}, jamais moins de 0 ; ex. ${pages} pages et ${photos} photos : ${example} pages texte) : les photos, payées à part, prennent de la place sur les pages.`;
}

/** The amount HT of a line in words: what the text pages and the photos are each priced at. */
export function amountExplanation(rule: TextPagesRule): string {
  const tariff = rule === 'billing' ? 'au tarif de l’étude' : 'au tarif de la secrétaire';
  return `Montant HT = pages texte × prix de la page + photos × prix de la photo, ${tariff}. ${textPagesExplanation(rule)}`;
}

/**
 * product.md §9 "Statistics": what each series of the « Statistiques » screen adds up, in the words the
 * screen, the API's descriptions and docs/api.md all use: counts × tariffs as counted, so
 * neither the bills' amounts nor the rétrocession screens' totals.
 */
export const STATISTICS_DEFINITIONS = {
  secretaries:
    'Rétrocession secrétaires : pages et photos de rétrocession × tarifs de la secrétaire, sans la règle des photos (pages texte).',
  bailiffs:
    'Facturation huissiers : pages et photos de facturation × tarifs de l’étude, avant la règle des photos (pages texte) et avant les remises ; ce n’est pas le montant des factures émises.',
} as const;
