// French texts of a constat's deposited items gallery (product.md §16): photos, dictations, documents
// and the photo viewer.
const number = (value: number) => value.toLocaleString('fr-FR');

export const galleryText = {
  photos: (count: number) => `Photos (${number(count)})`,
  dictations: (count: number) => `Dictées (${number(count)})`,
  documents: (count: number) => `Documents (${number(count)})`,
  /** A thumbnail's visible number and its button's name. */
  photoNumber: (position: number) => `Photo ${number(position)}`,
  openPhoto: (position: number, name: string) => `Afficher la photo ${number(position)} : ${name}`,
  showMore: (count: number) => `Afficher les ${number(count)} suivantes`,
  shownOf: (shown: number, total: number) => `${number(shown)} photos affichées sur ${number(total)}`,
  takenAt: (date: string, time: string) => `Prise le ${date} à ${time}`,
  onMap: (position: string) => `Voir ${position} sur une carte (nouvel onglet)`,
  /** « Tout télécharger » numbers the photos; the « pour Word » zip resizes the JPEG ones. */
  downloadAll: 'Tout télécharger',
  wordArchive: 'Photos redimensionnées pour Word',
  viewer: {
    position: (position: number, total: number) => `Photo ${number(position)} / ${number(total)}`,
    previous: 'Photo précédente',
    next: 'Photo suivante',
    fit: 'Ajuster',
    actualSize: '100 %',
    fitLabel: 'Ajuster la photo à la fenêtre',
    actualSizeLabel: 'Afficher la photo à 100 %',
    download: 'Télécharger',
    downloadLabel: (name: string) => `Télécharger ${name}`,
  },
};
