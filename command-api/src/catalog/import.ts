import { z } from 'zod';
import { bannerKind, idSchema, productDetails } from '@shop/contracts';
import type { CommandContext } from '../shared/stream-commands.ts';
import type { CatalogCommands } from './commands.ts';
import { IMAGE_REF_MSG, isImageRef } from './admin-http.ts';

/** Image references as the back office takes them: our own paths or https URLs. */
const imageRef = z.string().refine(isImageRef, IMAGE_REF_MSG);

/**
 * The JSON catalog format the seed produces and `npm run catalog:import` reads. Ids are
 * explicit, so importing the same file twice changes nothing and a changed product is revised.
 */
export const catalogFileSchema = z.object({
  categories: z.array(
    z.object({
      id: idSchema,
      name: z.string().min(1),
      color: z.string().min(1),
      images: z.array(imageRef),
      subcategories: z.array(z.object({ id: idSchema, name: z.string().min(1) })),
    }),
  ),
  products: z.array(productDetails.extend({ id: idSchema, images: z.array(imageRef).min(1).max(20), dateCreated: z.iso.datetime().optional() })),
  banners: z.array(
    z.object({
      id: idSchema,
      kind: bannerKind,
      images: z.array(imageRef).min(1),
      catId: idSchema.nullable(),
      subCatId: idSchema.nullable(),
    }),
  ),
});
export type CatalogFile = z.infer<typeof catalogFileSchema>;

export interface ImportProgress {
  (done: number, total: number): void;
}

/** Writes a catalog file through the catalog's command handlers; returns the last position. */
export async function importCatalog(
  commands: CatalogCommands,
  file: CatalogFile,
  ctx: CommandContext = {},
  onProgress?: ImportProgress,
): Promise<bigint> {
  let position = 0n;
  const keep = (result: { position: bigint }) => {
    if (result.position > position) position = result.position;
  };
  const total = file.categories.length + file.products.length + file.banners.length;
  let done = 0;
  for (const category of file.categories) {
    if (!(await commands.categoryExists(category.id))) {
      const { id: categoryId, name, color, images } = category;
      keep(await commands.createCategory({ categoryId, name, color, images }, ctx));
    }
    for (const sub of category.subcategories) {
      keep(await commands.addSubcategory({ categoryId: category.id, subcategoryId: sub.id, name: sub.name }, ctx));
    }
    onProgress?.(++done, total);
  }
  for (const { id, dateCreated, ...details } of file.products) {
    keep(await commands.saveProduct({ productId: id, listedAt: dateCreated, details }, ctx));
    onProgress?.(++done, total);
  }
  for (const { id, ...banner } of file.banners) {
    keep(await commands.publishBanner({ bannerId: id, ...banner }, ctx));
    onProgress?.(++done, total);
  }
  return position;
}
