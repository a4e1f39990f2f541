// Turns an invoice PDF rendered as PDF/A-3b (@react-pdf's `conformance`: pdfkit writes the sRGB
// output intent and embeds the fonts) into a Factur-X invoice: the CII XML embedded as
// `factur-x.xml` (AFRelationship /Data, listed in the catalog's AF array) and the XMP rewritten
// whole — pdfkit's does not escape « & » and its values must match the Info dictionary — with
// pdfaid part 3 / B, the Factur-X schema and its PDF/A extension schema description. pdf-lib does
// the post-processing (its attach() writes the AF entry; node-zugferd builds on it the same way).
import { AFRelationship, PDFDocument, PDFName } from 'pdf-lib';

export const FACTURX_ATTACHMENT = 'factur-x.xml';

/** The Factur-X XMP (Factur-X 1.0 specification §A.5), with the PDF/A extension schema that declares it. */
const facturXmp = (conformance: string) => `
<rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
  <fx:DocumentType>INVOICE</fx:DocumentType>
  <fx:DocumentFileName>${FACTURX_ATTACHMENT}</fx:DocumentFileName>
  <fx:Version>1.0</fx:Version>
  <fx:ConformanceLevel>${conformance}</fx:ConformanceLevel>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
  <pdfaExtension:schemas>
    <rdf:Bag>
      <rdf:li rdf:parseType="Resource">
        <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
        <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
        <pdfaSchema:prefix>fx</pdfaSchema:prefix>
        <pdfaSchema:property>
          <rdf:Seq>
            ${[
              ['DocumentFileName', 'name of the embedded XML invoice file'],
              ['DocumentType', 'INVOICE'],
              ['Version', 'The actual version of the Factur-X XML schema'],
              ['ConformanceLevel', 'The conformance level of the embedded Factur-X data'],
            ]
              .map(
                ([name, description]) =>
                  `<rdf:li rdf:parseType="Resource"><pdfaProperty:name>${name}</pdfaProperty:name><pdfaProperty:valueType>Text</pdfaProperty:valueType><pdfaProperty:category>external</pdfaProperty:category><pdfaProperty:description>${description}</pdfaProperty:description></rdf:li>`,
              )
              .join('\n            ')}
          </rdf:Seq>
        </pdfaSchema:property>
      </rdf:li>
    </rdf:Bag>
  </pdfaExtension:schemas>
</rdf:Description>
`;

/** The document information, as given to the renderer (Info dictionary), repeated in the XMP. */
export interface PdfInfo {
  title: string;
  author: string;
  subject: string;
  creator: string;
  producer: string;
  /** The bill's issue date: creation date of the PDF and of the attachment (same bill, same file). */
  createdAt: Date;
}

export interface FacturXAttachment {
  xml: string;
  info: PdfInfo;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"]/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[character]!);
/** XMP dates are ISO 8601; pdfkit writes the Info date in UTC, to the second. */
const xmpDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

function xmpPacket(info: PdfInfo): string {
  const alt = (text: string) => `<rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(text)}</rdf:li></rdf:Alt>`;
  return `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/">
  <pdfaid:part>3</pdfaid:part>
  <pdfaid:conformance>B</pdfaid:conformance>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
  <xmp:CreateDate>${xmpDate(info.createdAt)}</xmp:CreateDate>
  <xmp:CreatorTool>${escapeXml(info.creator)}</xmp:CreatorTool>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <dc:format>application/pdf</dc:format>
  <dc:title>${alt(info.title)}</dc:title>
  <dc:creator><rdf:Seq><rdf:li>${escapeXml(info.author)}</rdf:li></rdf:Seq></dc:creator>
  <dc:description>${alt(info.subject)}</dc:description>
</rdf:Description>
<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
  <pdf:Producer>${escapeXml(info.producer)}</pdf:Producer>
</rdf:Description>
${facturXmp('EN 16931')}</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/** The PDF/A-3b invoice with its factur-x.xml embedded and the Factur-X XMP. */
export async function embedFacturX(pdf: Buffer, attachment: FacturXAttachment): Promise<Buffer> {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  if (!document.catalog.has(PDFName.of('OutputIntents'))) throw new Error('Le PDF rendu n’est pas un PDF/A (pas de profil de couleurs).');
  await document.attach(Buffer.from(attachment.xml, 'utf8'), FACTURX_ATTACHMENT, {
    mimeType: 'text/xml',
    description: 'Factur-X (EN 16931)',
    creationDate: attachment.info.createdAt,
    modificationDate: attachment.info.createdAt,
    afRelationship: AFRelationship.Data,
  });
  // XMP stays uncompressed, UTF-8 (PDF/A readers look for it as plain text).
  const stream = document.context.stream(new TextEncoder().encode(xmpPacket(attachment.info)), { Type: 'Metadata', Subtype: 'XML' });
  document.catalog.set(PDFName.of('Metadata'), document.context.register(stream));
  return Buffer.from(await document.save({ useObjectStreams: false }));
}
