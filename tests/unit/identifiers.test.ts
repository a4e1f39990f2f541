import {
  compact,
  frenchVatKey,
  frenchVatNumber,
  isBic,
  isElectronicAddress,
  isFrenchVatNumber,
  isIban,
  isSiren,
  isSiret,
  luhn,
  sirenOfSiret,
} from '@constats/domain/identifiers';
import {
  isSellerComplete,
  normalizeSeller,
  sellerElectronicAddress,
  sellerMessages,
  validateSellerFields,
} from '../../api/src/modules/seller/rules.js';
import { buyerMessages, validateGroupBuyerFields } from '../../api/src/modules/groups/rules.js';
import { textInputMessages } from '@constats/domain/text-input';

const SELLER = {
  legalName: 'Frappe & Constats SAS',
  legalForm: 'SAS',
  siret: '845 127 638 00011',
  vatNumber: 'fr 30 845127638',
  rcs: 'RCS Lyon 845 127 638',
  address: '22 rue Édouard-Herriot',
  zip: '69002',
  city: 'Lyon',
  iban: 'FR76 3000 6000 0112 3456 7890 189',
  bic: 'agrifrpp',
  paymentTerms: 'À réception.',
};

describe('identifiers', () => {
  it('Luhn: SIREN and SIRET keys', () => {
    expect(luhn('732829320')).toBe(true);
    expect(isSiren('732829320')).toBe(true);
    expect(isSiren('732829321')).toBe(false);
    expect(isSiren('73282932')).toBe(false);
    expect(isSiret('73282932000074')).toBe(true);
    expect(isSiret('73282932000075')).toBe(false);
    expect(isSiret('7328293200007A')).toBe(false);
    // 14 digits passing Luhn, but their SIREN does not: not a SIRET.
    expect(luhn('79845123600011')).toBe(true);
    expect(isSiret('79845123600011')).toBe(false);
    expect(sirenOfSiret('732 829 320 00074')).toBe('732829320');
    expect(sirenOfSiret('12345678900011')).toBeNull();
  });

  it('La Poste: SIRETs of SIREN 356000000 whose digit sum is a multiple of 5 are valid without Luhn', () => {
    expect(isSiret('35600000000048')).toBe(true); // passes Luhn too
    const neither = '35600000012345'; // digit sum 29, Luhn fails
    expect(luhn(neither)).toBe(false);
    expect(isSiret(neither)).toBe(false);
    const sumOf15 = '35600000000001'; // digit sum 15, Luhn fails
    expect(luhn(sumOf15)).toBe(false);
    expect(isSiret(sumOf15)).toBe(true);
    // The exception is La Poste's only: same digit-sum rule, another SIREN.
    expect(luhn('35600100000000')).toBe(false);
    expect(isSiret('35600100000000')).toBe(false);
  });

  it('French VAT key = (12 + 3 × (SIREN mod 97)) mod 97', () => {
    expect(frenchVatKey('732829320')).toBe('44');
    expect(frenchVatNumber('845127638')).toBe('FR30845127638');
    expect(frenchVatKey('000000097')).toBe('12');
    expect(isFrenchVatNumber('FR44732829320')).toBe(true);
    expect(isFrenchVatNumber('FR45732829320')).toBe(false);
    expect(isFrenchVatNumber('DE44732829320')).toBe(false);
    expect(isFrenchVatNumber('FR4473282932')).toBe(false);
  });

  it('IBAN mod-97 checksum and BIC format', () => {
    expect(isIban(compact('FR76 3000 6000 0112 3456 7890 189'))).toBe(true);
    expect(isIban('FR7630006000011234567890188')).toBe(false);
    expect(isIban('DE89370400440532013000')).toBe(true);
    expect(isIban('FR763000600001123456789018')).toBe(false);
    expect(isIban('GB82WEST12345698765432')).toBe(true);
    expect(isBic('AGRIFRPP')).toBe(true);
    expect(isBic('AGRIFRPPXXX')).toBe(true);
    expect(isBic('AGRIFRPPXX')).toBe(false);
    expect(isBic('AGR1FRPP')).toBe(false);
  });
});

describe('seller settings rules', () => {
  it('accepts valid settings typed with spaces and lower case, stored compact', () => {
    expect(validateSellerFields(SELLER)).toEqual({});
    expect(normalizeSeller(SELLER)).toMatchObject({
      siret: '84512763800011',
      vatNumber: 'FR30845127638',
      iban: 'FR7630006000011234567890189',
      bic: 'AGRIFRPP',
    });
    expect(isSellerComplete(SELLER)).toBe(true);
  });

  it('every field is required; bad keys are refused in French, field by field', () => {
    expect(validateSellerFields({})).toEqual(Object.fromEntries(Object.keys(SELLER).map((field) => [field, sellerMessages.required])));
    expect(isSellerComplete(null)).toBe(false);
    expect(
      validateSellerFields({
        ...SELLER,
        siret: '84512763800012',
        iban: 'FR7630006000011234567890188',
        bic: 'AGRI',
        zip: '6900',
        legalName: 'x'.repeat(151),
      }),
    ).toEqual({
      siret: sellerMessages.siret,
      iban: sellerMessages.iban,
      bic: sellerMessages.bic,
      zip: sellerMessages.zip,
      legalName: sellerMessages.tooLong(150),
    });
    expect(validateSellerFields({ ...SELLER, vatNumber: 'FR31845127638' })).toEqual({ vatNumber: sellerMessages.vatNumber });
    // A valid VAT number of another company.
    expect(validateSellerFields({ ...SELLER, vatNumber: 'FR44732829320' })).toEqual({ vatNumber: sellerMessages.vatNotSiren });
  });
});

describe('étude buyer rules', () => {
  it('a VAT number must carry the SIREN of a valid Siret; a billing address is whole or absent', () => {
    expect(validateGroupBuyerFields({ siret: '73282932000074', vatNumber: 'FR44732829320' })).toEqual({});
    expect(validateGroupBuyerFields({ siret: '12345678900011', vatNumber: 'FR44732829320' })).toEqual({
      vatNumber: buyerMessages.vatNeedsSiret,
    });
    expect(validateGroupBuyerFields({ siret: '84512763800011', vatNumber: 'FR44732829320' })).toEqual({
      vatNumber: buyerMessages.vatNotSiren,
    });
    expect(validateGroupBuyerFields({ siret: '73282932000074', vatNumber: 'FR00732829320' })).toEqual({
      vatNumber: buyerMessages.vatNumber,
    });
    expect(validateGroupBuyerFields({ siret: '1', billingAddress: '1 rue', billingZip: null, billingCity: 'Lyon' })).toEqual({
      billingZip: buyerMessages.billingIncomplete,
    });
    expect(validateGroupBuyerFields({ siret: '1', billingAddress: '1 rue', billingZip: '690', billingCity: 'Lyon' })).toEqual({
      billingZip: buyerMessages.zip,
    });
    expect(validateGroupBuyerFields({ siret: '1' })).toEqual({});
  });

  it('a billing address prints on the bills: a character no bill font draws is refused, emoji are not', () => {
    const address = (billingAddress: string) => ({ siret: '1', billingAddress, billingZip: '69001', billingCity: 'Lyon' });
    expect(validateGroupBuyerFields(address('BP 7 🎉 quai'))).toEqual({});
    expect(validateGroupBuyerFields(address('BP 7 张伟'))).toEqual({ billingAddress: textInputMessages.unprintable(['张', '伟']) });
  });
});

describe('electronic invoicing addresses (scheme 0225)', () => {
  it('letters without accents, digits and + - _ . only, 100 characters at most', () => {
    for (const ok of ['845127638', '845127638_00011', 'abc.DEF+1-2_3', '7'.repeat(100)]) expect(isElectronicAddress(ok)).toBe(true);
    for (const bad of ['', '845 127 638', 'é845', 'a/b', 'a@b', '7'.repeat(101), 'a\uFFFF']) expect(isElectronicAddress(bad)).toBe(false);
  });

  it('the seller’s is optional (empty: null, then the SIREN) and checked; the option for debits is off unless set', () => {
    expect(normalizeSeller(SELLER)).toMatchObject({ electronicAddress: null, vatOnDebits: false });
    expect(sellerElectronicAddress(normalizeSeller({ ...SELLER, electronicAddress: '  ' }))).toBe('845127638');
    expect(sellerElectronicAddress(normalizeSeller({ ...SELLER, electronicAddress: ' 845127638_X ' }))).toBe('845127638_X');
    expect(normalizeSeller({ ...SELLER, vatOnDebits: true }).vatOnDebits).toBe(true);
    expect(validateSellerFields({ ...SELLER, electronicAddress: 'a b' })).toEqual({ electronicAddress: sellerMessages.electronicAddress });
    // Every seller text reaches the XML: names refuse noncharacters and line breaks like any other.
    expect(validateSellerFields({ ...SELLER, legalName: 'Frappe\uFFFF', paymentTerms: 'À\nréception' })).toEqual({
      legalName: textInputMessages.invalidCharacter,
      paymentTerms: textInputMessages.singleLine,
    });
  });

  it('the étude’s is optional and checked', () => {
    expect(validateGroupBuyerFields({ siret: '1', electronicAddress: null })).toEqual({});
    expect(validateGroupBuyerFields({ siret: '1', electronicAddress: 'a,b' })).toEqual({
      electronicAddress: buyerMessages.electronicAddress,
    });
    expect(validateGroupBuyerFields({ siret: '1', billingAddress: 'BP\uFFFF', billingZip: '69001', billingCity: 'Lyon\r' })).toEqual({
      billingAddress: textInputMessages.invalidCharacter,
      billingCity: textInputMessages.singleLine,
    });
  });
});
