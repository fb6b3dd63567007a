/** What search knows about a product: the words it is found by, and what ranks and filters it. */
export interface SearchEntryDoc {
  _id: string;
  /** Log position of the event that last wrote this entry; the query side reads past its last one. */
  seq: number;
  name: string;
  brand: string;
  description: string;
  catId: string;
  catName: string;
  subCatId: string;
  subCatName: string;
  rating: number;
  numReviews: number;
  locationCodes: string[];
  dateCreated: string;
  /** Unpublished: kept (a republished product comes back as it stands) but never found. */
  hidden?: true;
}
