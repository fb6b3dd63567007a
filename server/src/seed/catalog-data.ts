/**
 * The demo catalog: a gifts-and-gear shop for shoppers in India, prices in INR.
 *
 * `generateCatalog()` is deterministic — the same options always give byte-identical output —
 * because every random choice comes from a seeded PRNG (mulberry32) keyed by the seed, a
 * namespace and an index, and every date is fixed. Ids look like MongoDB ObjectIds: eight hex
 * digits of the creation time in seconds followed by sixteen from the PRNG.
 *
 * The default is the real demo shop (10 categories, 41 subcategories, 300 products, 14 banners);
 * `products` scales the product count (e.g. 100,000 for the benchmark) over the same categories,
 * subcategories and banners. Images are `/images/seed/<kind>/<key>.svg`, drawn from the key by
 * ./images.ts.
 */
import type { CatalogFile } from '@shop/command-api';
import { VARIANT_OPTION_KINDS, type ProductVariant } from '@shop/contracts';
import {
  bannerImageKey,
  categoryImageKey,
  fmix32,
  mulberry32,
  productImageKey,
  seedImageUrl,
  slugify,
  type IconName,
  type SeedBannerKind,
} from './images.ts';

export type SeedProduct = CatalogFile['products'][number];
export type SeedCategory = CatalogFile['categories'][number];
export type SeedBanner = CatalogFile['banners'][number];

export interface GenerateCatalogOptions {
  /** How many products; defaults to the demo shop's DEFAULT_PRODUCT_COUNT. */
  products?: number;
  /** PRNG seed; defaults to DEFAULT_SEED. */
  seed?: number;
}

export const DEFAULT_PRODUCT_COUNT = 300;
export const DEFAULT_SEED = 2025;
export const MAX_PRODUCT_COUNT = 2_000_000;

// ---------------------------------------------------------------------------------------------
// The shop's data.

type OptionKind =
  | 'apparel'
  | 'kids'
  | 'shoe'
  | 'kidShoe'
  | 'ring'
  | 'ramPhone'
  | 'ramLaptop'
  | 'ramTablet'
  | 'grocery'
  | 'spice'
  | 'supplement'
  | 'dumbbell';

/** Option lists and how many consecutive values a product offers: [values, min, max]. */
const OPTION_VALUES: Record<OptionKind, readonly [field: 'productRam' | 'size' | 'productWeight', values: readonly string[], min: number, max: number]> = {
  apparel: ['size', ['XS', 'S', 'M', 'L', 'XL', 'XXL'], 3, 5],
  kids: ['size', ['1-2Y', '2-3Y', '3-4Y', '5-6Y', '7-8Y', '9-10Y'], 3, 5],
  shoe: ['size', ['UK 5', 'UK 6', 'UK 7', 'UK 8', 'UK 9', 'UK 10', 'UK 11'], 4, 6],
  kidShoe: ['size', ['UK 8C', 'UK 9C', 'UK 10C', 'UK 11C', 'UK 12C', 'UK 13C'], 3, 5],
  ring: ['size', ['8', '10', '12', '14', '16', '18', '20'], 3, 5],
  ramPhone: ['productRam', ['4GB', '6GB', '8GB', '12GB', '16GB'], 2, 3],
  ramLaptop: ['productRam', ['8GB', '16GB', '32GB'], 2, 3],
  ramTablet: ['productRam', ['3GB', '4GB', '6GB', '8GB'], 2, 3],
  grocery: ['productWeight', ['100g', '250g', '500g', '1kg', '2kg'], 2, 4],
  spice: ['productWeight', ['50g', '100g', '200g', '500g'], 2, 3],
  supplement: ['productWeight', ['250g', '500g', '1kg', '2kg'], 2, 3],
  dumbbell: ['productWeight', ['2kg', '4kg', '5kg', '8kg', '10kg'], 2, 4],
};

interface ItemDef {
  name: string;
  icon: IconName;
  min: number;
  max: number;
  /** "Running Shoes" are plural; descriptions conjugate their verbs to match. */
  plural: boolean;
}

interface SubcategoryDef {
  name: string;
  adjectives: readonly string[];
  items: readonly ItemDef[];
  variants: readonly string[];
  /** Predicates completing "The <brand> <item> …". */
  pitch: readonly string[];
  option?: OptionKind;
}

interface CategoryDef {
  name: string;
  color: string;
  icon: IconName;
  brands: readonly string[];
  /** Whole sentences true of anything in the category. */
  details: readonly string[];
  subcategories: readonly SubcategoryDef[];
}

const item = (name: string, icon: IconName, min: number, max: number, plural = /s$/.test(name)): ItemDef => ({ name, icon, min, max, plural });

const METALS = ['Gold', 'Rose Gold', 'Silver', 'Antique Gold', 'Oxidised Silver'];

export const CATEGORY_DEFS: readonly CategoryDef[] = [
  {
    name: 'Fashion',
    color: '#fde2e4',
    icon: 'shirt',
    brands: ['Urban Loom', 'Rangrez', 'Northline', 'Cotton Kraft', 'Saanjh', 'Mira Studio'],
    details: [
      'Double-stitched seams hold up to daily wear and frequent washing.',
      'The fabric is pre-washed, so it keeps its shape and size.',
      'Machine wash cold with similar colours and dry in the shade.',
      'Check the size chart before ordering for the best fit.',
    ],
    subcategories: [
      {
        name: 'Menswear',
        adjectives: ['Slim Fit', 'Classic', 'Regular Fit', 'Breathable', 'Everyday', 'Premium'],
        items: [
          item('Oxford Shirt', 'shirt', 699, 2499),
          item('Polo T-Shirt', 'tshirt', 399, 1499),
          item('Linen Shirt', 'shirt', 1199, 2999),
          item('Slim Jeans', 'jeans', 999, 2999),
          item('Stretch Chinos', 'jeans', 899, 2499),
        ],
        variants: ['Navy', 'Black', 'White', 'Olive', 'Maroon', 'Sky Blue', 'Charcoal', 'Beige'],
        pitch: [
          'is cut from soft combed cotton that breathes through humid summers',
          'pairs as easily with sneakers as with formal shoes',
          'keeps a sharp, clean line from the office to the weekend',
        ],
        option: 'apparel',
      },
      {
        name: 'Womenswear',
        adjectives: ['Floral', 'Flowy', 'Tiered', 'Relaxed', 'Printed', 'Everyday'],
        items: [
          item('Maxi Dress', 'dress', 899, 3499),
          item('Wrap Dress', 'dress', 799, 2999),
          item('Crop Top', 'tshirt', 349, 999),
          item('Straight Jeans', 'jeans', 999, 2799),
          item('Shirt Dress', 'dress', 899, 2499),
        ],
        variants: ['Rose Pink', 'Black', 'Mustard', 'Lavender', 'Teal', 'Coral', 'Ivory'],
        pitch: [
          'drapes beautifully and moves with you all day',
          'is made from a light rayon blend that feels cool on the skin',
          'works for brunch, office days and evenings out',
        ],
        option: 'apparel',
      },
      {
        name: 'Kidswear',
        adjectives: ['Playful', 'Soft Cotton', 'Cheerful', 'Comfy', 'Printed'],
        items: [
          item('Graphic T-Shirt', 'tshirt', 249, 699),
          item('Party Frock', 'dress', 599, 1799),
          item('Denim Dungarees', 'jeans', 599, 1499),
          item('Kurta Pyjama Set', 'kurta', 699, 1999),
        ],
        variants: ['Yellow', 'Sky Blue', 'Red', 'Mint', 'Pink', 'Orange'],
        pitch: [
          'is gentle on sensitive skin and easy for little ones to put on',
          'survives playground adventures and countless washes',
          'has a roomy cut that leaves plenty of space to grow',
        ],
        option: 'kids',
      },
      {
        name: 'Ethnic Wear',
        adjectives: ['Hand Block Printed', 'Festive', 'Embroidered', 'Chanderi', 'Classic', 'Regal'],
        items: [
          item('Cotton Kurta', 'kurta', 699, 2499),
          item('Anarkali Kurta', 'dress', 1299, 4999),
          item('Nehru Jacket', 'kurta', 1499, 3999),
          item('Lehenga Set', 'dress', 2499, 9999),
          item('Kurta Set', 'kurta', 999, 3499),
        ],
        variants: ['Maroon', 'Emerald', 'Mustard', 'Indigo', 'Ivory', 'Peach', 'Wine'],
        pitch: [
          'is crafted by artisans using traditional techniques',
          'brings festive charm to weddings, pujas and family get-togethers',
          'features fine detailing along the neckline and hem',
        ],
        option: 'apparel',
      },
    ],
  },
  {
    name: 'Electronics',
    color: '#dbeafe',
    icon: 'phone',
    brands: ['Nexo', 'Voltix', 'Lumio', 'Zentra', 'Orbit', 'Kavach'],
    details: [
      'Comes with a 1-year brand warranty and service across major Indian cities.',
      'Includes a USB Type-C cable in the box.',
      'Supports fast charging, so a short top-up lasts for hours.',
      'Every unit is tested and sealed before dispatch.',
    ],
    subcategories: [
      {
        name: 'Mobiles',
        adjectives: ['Neo', 'Max', 'Lite', 'Pro', 'Ultra', 'Prime'],
        items: [
          item('5G Smartphone', 'phone', 9999, 44999),
          item('Smartphone', 'phone', 6999, 19999),
          item('Camera Phone', 'phone', 14999, 54999),
        ],
        variants: ['Midnight Black', 'Ocean Blue', 'Mint Green', 'Silver', 'Lavender', 'Graphite'],
        pitch: [
          'has a bright AMOLED display that stays readable in harsh sunlight',
          'pairs a 50MP main camera with a large 5000mAh battery',
          'runs smoothly thanks to a power-efficient octa-core chip',
        ],
        option: 'ramPhone',
      },
      {
        name: 'Laptops',
        adjectives: ['Air 14', 'Pro 15', 'Slim 13', 'Edge 14', 'Studio 16'],
        items: [
          item('Thin and Light Laptop', 'laptop', 32999, 57999),
          item('Gaming Laptop', 'laptop', 49999, 59999),
          item('Chromebook', 'laptop', 17999, 29999),
          item('2-in-1 Laptop', 'laptop', 39999, 56999),
        ],
        variants: ['Space Grey', 'Silver', 'Black', 'Blue'],
        pitch: [
          'weighs barely more than a kilogram and slips into any backpack',
          'has a full HD IPS screen and a backlit keyboard for late-night work',
          'boots in seconds from its fast NVMe SSD',
        ],
        option: 'ramLaptop',
      },
      {
        name: 'Tablets',
        adjectives: ['Tab 10', 'Tab 11', 'Pad Mini', 'Pad Pro', 'Tab Plus'],
        items: [
          item('Wi-Fi Tablet', 'tablet', 9999, 29999),
          item('LTE Tablet', 'tablet', 12999, 34999),
          item('Tablet with Pen', 'tablet', 19999, 44999),
        ],
        variants: ['Grey', 'Silver', 'Blue', 'Mint'],
        pitch: [
          'has a large 2K display that is perfect for movies and online classes',
          'comes with quad speakers tuned for clear dialogue',
          'lasts a full day of study and streaming on a single charge',
        ],
        option: 'ramTablet',
      },
      {
        name: 'Smart Watches',
        adjectives: ['Active', 'Fit', 'Pulse', 'Sport', 'Luxe'],
        items: [
          item('Smartwatch', 'watch', 1499, 8999),
          item('Fitness Band', 'watch', 999, 3499),
          item('AMOLED Smartwatch', 'watch', 2999, 14999),
        ],
        variants: ['Black', 'Rose Gold', 'Olive', 'Navy', 'Silver', 'Pink'],
        pitch: [
          'tracks heart rate, sleep and more than 100 sports modes',
          'takes Bluetooth calls straight from your wrist',
          'lasts up to a week between charges',
        ],
      },
      {
        name: 'Audio',
        adjectives: ['Bass', 'Air', 'Pulse', 'Studio', 'Beat'],
        items: [
          item('Wireless Earbuds', 'earbuds', 999, 7999),
          item('Over-Ear Headphones', 'headphones', 1499, 14999),
          item('Bluetooth Speaker', 'speaker', 999, 9999),
          item('Neckband Earphones', 'earbuds', 699, 2499),
        ],
        variants: ['Black', 'White', 'Blue', 'Red', 'Teal'],
        pitch: [
          'delivers deep bass with crisp vocals',
          'offers active noise cancellation for calm commutes',
          'gives up to 30 hours of playback on a single charge',
        ],
      },
    ],
  },
  {
    name: 'Bags',
    color: '#fef3c7',
    icon: 'backpack',
    brands: ['Safar', 'Trekmate', 'Urban Carry', 'Bagwala', 'Kosha'],
    details: [
      'Lined with water-resistant fabric to keep your things dry in the monsoon.',
      'Heavy-duty zips are tested for thousands of openings.',
      'Padded straps spread the load evenly across the shoulders.',
      'Wipe clean with a damp cloth.',
    ],
    subcategories: [
      {
        name: 'Backpacks',
        adjectives: ['Commuter', 'Everyday', 'Urban', 'Adventure', 'Compact'],
        items: [
          item('Laptop Backpack', 'backpack', 899, 3499),
          item('School Backpack', 'backpack', 599, 1999),
          item('Trekking Rucksack', 'backpack', 1999, 5999),
          item('Anti-Theft Backpack', 'backpack', 1299, 3999),
        ],
        variants: ['Black', 'Navy', 'Grey', 'Olive', 'Maroon'],
        pitch: [
          'fits laptops up to 15 inches in a padded sleeve',
          'keeps you organised with six roomy compartments',
          'carries comfortably on long commutes and weekend treks',
        ],
      },
      {
        name: 'Handbags',
        adjectives: ['Classic', 'Structured', 'Boho', 'Everyday', 'Chic'],
        items: [
          item('Tote Bag', 'handbag', 799, 3999),
          item('Sling Bag', 'handbag', 599, 2499),
          item('Potli Bag', 'handbag', 399, 1299),
          item('Shoulder Bag', 'handbag', 999, 3499),
        ],
        variants: ['Tan', 'Black', 'Beige', 'Maroon', 'Mustard', 'Pink'],
        pitch: [
          'holds everything from a tablet to a water bottle',
          'is finished in soft vegan leather with gold-tone hardware',
          'adds an elegant touch to both western and ethnic outfits',
        ],
      },
      {
        name: 'Luggage',
        adjectives: ['Voyager', 'Hardshell', 'Expandable', 'Jet', 'Urban'],
        items: [
          item('Cabin Trolley', 'suitcase', 2499, 8999),
          item('Check-in Trolley', 'suitcase', 3499, 12999),
          item('Duffel Bag', 'duffel', 999, 3999),
        ],
        variants: ['Teal', 'Black', 'Red', 'Navy', 'Grey', 'Purple'],
        pitch: [
          'glides on four 360-degree spinner wheels',
          'locks securely with a TSA-approved combination lock',
          'rolls smoothly over airport floors and rough pavements',
        ],
      },
      {
        name: 'Wallets',
        adjectives: ['Slim', 'Classic', 'RFID-Safe', 'Bifold', 'Minimal'],
        items: [
          item('Leather Wallet', 'wallet', 399, 1999),
          item('Card Holder', 'wallet', 299, 999),
          item('Travel Pouch', 'wallet', 349, 1299),
        ],
        variants: ['Brown', 'Black', 'Tan', 'Navy'],
        pitch: [
          'is made from genuine leather that ages beautifully',
          'has slots for eight cards and a hidden coin pocket',
          'slips easily into a front pocket',
        ],
      },
    ],
  },
  {
    name: 'Footwear',
    color: '#e0f2fe',
    icon: 'sneaker',
    brands: ['Paaduka', 'Stride', 'Fleetfoot', 'Mochi House', 'Trailhead'],
    details: [
      'The cushioned insole keeps feet fresh through long days.',
      'A flexible rubber sole grips well on wet roads.',
      'If you are between sizes, we suggest ordering one size up.',
      'Comes in a recyclable shoe box.',
    ],
    subcategories: [
      {
        name: 'Sneakers',
        adjectives: ['Cloud', 'Swift', 'Street', 'Aero', 'Urban'],
        items: [
          item('Running Shoes', 'sneaker', 1499, 7999),
          item('Casual Sneakers', 'sneaker', 999, 4999),
          item('Walking Shoes', 'sneaker', 1199, 3999),
          item('Training Shoes', 'sneaker', 1299, 5499),
        ],
        variants: ['White', 'Black', 'Grey', 'Navy', 'Red', 'Teal'],
        pitch: [
          'has a breathable knit upper that keeps feet cool',
          'absorbs impact with a lightweight foam midsole',
          'is built for morning runs and all-day wear alike',
        ],
        option: 'shoe',
      },
      {
        name: 'Formal Shoes',
        adjectives: ['Classic', 'Heritage', 'Polished', 'Executive', 'Handcrafted'],
        items: [
          item('Derby Shoes', 'formalshoe', 1499, 5999),
          item('Penny Loafers', 'formalshoe', 1299, 4499),
          item('Oxford Shoes', 'formalshoe', 1999, 6999),
          item('Leather Juttis', 'formalshoe', 799, 2499),
        ],
        variants: ['Black', 'Brown', 'Tan', 'Wine'],
        pitch: [
          'is handcrafted from full-grain leather',
          'takes a high shine and keeps its shape for years',
          'completes office wear and wedding outfits alike',
        ],
        option: 'shoe',
      },
      {
        name: 'Sandals & Slippers',
        adjectives: ['Comfort', 'Everyday', 'Classic', 'Soft Step', 'Beach'],
        items: [
          item('Kolhapuri Chappals', 'sandal', 499, 1999),
          item('Flip-Flops', 'sandal', 199, 699),
          item('Sports Floaters', 'sandal', 599, 1999),
          item('Casual Sandals', 'sandal', 449, 1799),
        ],
        variants: ['Tan', 'Black', 'Brown', 'Navy', 'Olive'],
        pitch: [
          'has adjustable straps for a secure fit',
          'dries quickly after rain and beach days',
          'is light enough to wear all day',
        ],
        option: 'shoe',
      },
      {
        name: 'Kids Footwear',
        adjectives: ['Light-Up', 'Bouncy', 'Tiny', 'Happy Feet', 'Playtime'],
        items: [
          item('Kids Sneakers', 'sneaker', 699, 1999),
          item('School Shoes', 'formalshoe', 499, 1499),
          item('Kids Sandals', 'sandal', 349, 999),
        ],
        variants: ['Blue', 'Pink', 'Red', 'Black', 'Yellow'],
        pitch: [
          'fastens with easy hook-and-loop straps little ones can manage',
          'has a non-slip sole for running around safely',
          'is soft and flexible for growing feet',
        ],
        option: 'kidShoe',
      },
    ],
  },
  {
    name: 'Groceries',
    color: '#dcfce7',
    icon: 'jar',
    brands: ['Desi Harvest', 'Chai Bagan', 'Kisan Kitchen', 'Malabar Spice Co', 'Mewa House'],
    details: [
      'Packed in a resealable pack to keep it fresh for longer.',
      'Sourced directly from farmers and tested for quality.',
      'Store in a cool, dry place away from sunlight.',
      'Free from artificial colours and preservatives.',
    ],
    subcategories: [
      {
        name: 'Tea & Coffee',
        adjectives: ['Premium', 'Organic', 'Estate', 'Classic', 'Strong'],
        items: [
          item('Assam CTC Tea', 'cup', 149, 599),
          item('Darjeeling Green Tea', 'cup', 249, 899),
          item('Filter Coffee Powder', 'jar', 199, 749),
          item('Masala Chai Mix', 'jar', 149, 499),
        ],
        variants: ['Classic', 'Value Pack', 'Gift Tin', 'Family Pack'],
        pitch: [
          'brews a rich, aromatic cup every morning',
          'is freshly packed within weeks of harvest or roasting',
          'tastes great with or without milk',
        ],
        option: 'grocery',
      },
      {
        name: 'Dry Fruits & Nuts',
        adjectives: ['Premium', 'Jumbo', 'Handpicked', 'Select', 'Farm Fresh'],
        items: [
          item('California Almonds', 'bowl', 349, 1499),
          item('Cashews W320', 'bowl', 399, 1599, true),
          item('Kashmiri Walnuts', 'bowl', 449, 1699),
          item('Mixed Dry Fruits', 'jar', 399, 1499),
          item('Afghan Raisins', 'bowl', 199, 699),
        ],
        variants: ['Classic', 'Value Pack', 'Gift Pack', 'Family Pack'],
        pitch: [
          'is crunchy, fresh and carefully graded by size',
          'makes a healthy snack between meals',
          'is perfect for festive sweets and gifting',
        ],
        option: 'grocery',
      },
      {
        name: 'Spices & Masalas',
        adjectives: ['Stone Ground', 'Authentic', 'Pure', 'Aromatic', 'Home Style'],
        items: [
          item('Garam Masala', 'jar', 120, 399),
          item('Kashmiri Chilli Powder', 'jar', 120, 349),
          item('Turmeric Powder', 'jar', 120, 299),
          item('Sambar Masala', 'jar', 120, 329),
          item('Whole Cardamom', 'jar', 249, 899),
        ],
        variants: ['Classic', 'Value Pack', 'Pack of 2', 'Family Pack'],
        pitch: [
          'is ground in small batches to lock in flavour',
          'adds deep colour and aroma to everyday cooking',
          'follows a recipe passed down through generations',
        ],
        option: 'spice',
      },
      {
        name: 'Snacks & Sweets',
        adjectives: ['Crunchy', 'Classic', 'Spicy', 'Homemade', 'Festive'],
        items: [
          item('Aloo Bhujia', 'packet', 120, 349),
          item('Banana Chips', 'packet', 120, 299),
          item('Soan Papdi', 'gift', 149, 499),
          item('Kaju Katli', 'gift', 399, 1299),
          item('Methi Khakhra', 'packet', 120, 299),
        ],
        variants: ['Classic', 'Party Pack', 'Pack of 3', 'Family Pack'],
        pitch: [
          'is made in small batches with pure ingredients',
          'is the perfect tea-time companion',
          'brings the taste of traditional halwai shops home',
        ],
        option: 'grocery',
      },
    ],
  },
  {
    name: 'Beauty',
    color: '#fce7f3',
    icon: 'lipstick',
    brands: ['Gulaabo', 'Kesar Glow', 'Mitti Naturals', 'Aura', 'Vedara'],
    details: [
      'Dermatologically tested and suitable for Indian skin tones.',
      'Cruelty-free and never tested on animals.',
      'Free from parabens and sulphates.',
      'Patch test before first use.',
    ],
    subcategories: [
      {
        name: 'Makeup',
        adjectives: ['Matte', 'Long-Stay', 'Velvet', 'Creamy', 'Glossy'],
        items: [
          item('Lipstick', 'lipstick', 199, 1299),
          item('Liquid Lipstick', 'lipstick', 249, 1199),
          item('Kajal Pencil', 'lipstick', 149, 499),
          item('Nail Enamel', 'bottle', 149, 499),
        ],
        variants: ['Ruby Red', 'Nude Beige', 'Coral', 'Wine', 'Rose Pink', 'Brown'],
        pitch: [
          'glides on smoothly and stays put for hours',
          'delivers rich colour in a single swipe',
          'comes in shades curated for Indian skin tones',
        ],
      },
      {
        name: 'Skincare',
        adjectives: ['Brightening', 'Hydrating', 'Gentle', 'Daily', 'Ayurvedic'],
        items: [
          item('Vitamin C Serum', 'bottle', 349, 1499),
          item('Sunscreen SPF 50', 'tube', 299, 899),
          item('Face Moisturiser', 'jar', 249, 999),
          item('Face Wash', 'tube', 199, 599),
        ],
        variants: ['50 ml', '100 ml', 'Travel Size', 'Pack of 2'],
        pitch: [
          'absorbs quickly without a greasy feel',
          'suits oily, dry and combination skin',
          'is made with natural extracts such as aloe and saffron',
        ],
      },
      {
        name: 'Haircare',
        adjectives: ['Nourishing', 'Anti-Frizz', 'Herbal', 'Strengthening', 'Repair'],
        items: [
          item('Onion Hair Oil', 'bottle', 249, 799),
          item('Shampoo', 'bottle', 199, 799),
          item('Hair Mask', 'jar', 299, 999),
          item('Hair Serum', 'bottle', 299, 899),
        ],
        variants: ['200 ml', '400 ml', 'Travel Size', 'Pack of 2'],
        pitch: [
          'reduces hair fall with regular use',
          'leaves hair soft, shiny and easy to manage',
          'blends bhringraj, amla and coconut oil',
        ],
      },
      {
        name: 'Fragrances',
        adjectives: ['Signature', 'Royal', 'Fresh', 'Intense', 'Classic'],
        items: [
          item('Eau de Parfum', 'perfume', 599, 3999),
          item('Attar', 'perfume', 399, 1999),
          item('Body Mist', 'bottle', 249, 799),
          item('Deodorant', 'bottle', 199, 449),
        ],
        variants: ['Oud', 'Rose', 'Sandalwood', 'Jasmine', 'Citrus'],
        pitch: [
          'opens with bright top notes and settles into a warm base',
          'lasts through long days and humid evenings',
          'comes in a gift-ready bottle',
        ],
      },
    ],
  },
  {
    name: 'Wellness',
    color: '#ecfccb',
    icon: 'dumbbell',
    brands: ['Prana', 'Vitalife', 'Ayurvedam', 'FitDesi', 'Sattva'],
    details: [
      'Made in a GMP-certified facility in India.',
      'Designed with guidance from certified trainers and nutritionists.',
      'Works best alongside a balanced diet and regular exercise.',
      'Backed by our easy 7-day return policy.',
    ],
    subcategories: [
      {
        name: 'Supplements',
        adjectives: ['Advanced', 'Daily', 'Pure', 'Plant-Based', 'Performance'],
        items: [
          item('Whey Protein', 'jar', 1499, 5999),
          item('Multivitamin Tablets', 'pills', 299, 999),
          item('Omega-3 Capsules', 'pills', 399, 1299),
          item('Plant Protein', 'jar', 999, 3499),
        ],
        variants: ['Chocolate', 'Vanilla', 'Unflavoured', 'Kesar Pista'],
        pitch: [
          'supports strength, stamina and recovery',
          'is tested for purity by an independent lab',
          'fits easily into a busy daily routine',
        ],
        option: 'supplement',
      },
      {
        name: 'Ayurveda',
        adjectives: ['Classic', 'Organic', 'Pure', 'Traditional', 'Herbal'],
        items: [
          item('Ashwagandha Tablets', 'pills', 199, 699),
          item('Chyawanprash', 'jar', 199, 599),
          item('Triphala Churna', 'jar', 120, 349),
          item('Tulsi Drops', 'bottle', 149, 399),
        ],
        variants: ['Classic', 'Value Pack', 'Pack of 2', 'Sugar Free'],
        pitch: [
          'follows classical Ayurvedic texts',
          'helps build immunity through the changing seasons',
          'uses herbs grown without chemical pesticides',
        ],
        option: 'spice',
      },
      {
        name: 'Fitness Gear',
        adjectives: ['Pro', 'Home Gym', 'Rubber Coated', 'Chrome', 'Heavy Duty'],
        items: [
          item('Dumbbell Pair', 'dumbbell', 699, 4999),
          item('Kettlebell', 'kettlebell', 799, 3999),
          item('Adjustable Dumbbell Set', 'dumbbell', 2999, 9999),
        ],
        variants: ['Black', 'Red', 'Blue', 'Grey'],
        pitch: [
          'has a knurled grip that stays secure even with sweaty hands',
          'is coated to protect floors and reduce noise',
          'turns any corner of your home into a gym',
        ],
        option: 'dumbbell',
      },
      {
        name: 'Yoga',
        adjectives: ['Anti-Slip', 'Eco', 'Cushioned', 'Travel', 'Studio'],
        items: [
          item('Yoga Mat', 'yogamat', 499, 2499),
          item('Cork Yoga Block', 'blocks', 299, 899),
          item('Meditation Cushion', 'pillow', 699, 1999),
          item('Yoga Strap', 'yogamat', 249, 699),
        ],
        variants: ['Purple', 'Teal', 'Pink', 'Grey', 'Green'],
        pitch: [
          'grips well on any floor for steady poses',
          'is made from eco-friendly, non-toxic material',
          'is light and easy to carry to class',
        ],
      },
    ],
  },
  {
    name: 'Jewellery',
    color: '#fef9c3',
    icon: 'ring',
    brands: ['Swarna Kala', 'Zevar', 'Moti Lane', 'Chandi Craft', 'Kundan House'],
    details: [
      'Nickel-free and safe for sensitive skin.',
      'Arrives in a velvet gift box, ready for gifting.',
      'Store in the pouch provided and keep away from perfume.',
      'Each piece is hand-finished and checked by our artisans.',
    ],
    subcategories: [
      {
        name: 'Rings',
        adjectives: ['Solitaire', 'Classic', 'Cocktail', 'Stackable', 'Floral'],
        items: [
          item('Band Ring', 'ring', 399, 2999),
          item('Stone Ring', 'ring', 499, 4999),
          item('Diamond Ring', 'ring', 9999, 49999),
          item('Adjustable Ring', 'ring', 249, 999),
        ],
        variants: [...METALS, 'Emerald', 'Ruby'],
        pitch: [
          'sparkles with hand-set stones',
          'is comfortable enough to wear every day',
          'makes a timeless gift for anniversaries',
        ],
        option: 'ring',
      },
      {
        name: 'Necklaces',
        adjectives: ['Kundan', 'Temple', 'Pearl', 'Layered', 'Classic'],
        items: [
          item('Pendant Necklace', 'necklace', 499, 4999),
          item('Choker Set', 'necklace', 1299, 9999),
          item('Mangalsutra', 'necklace', 799, 5999),
          item('Chain', 'necklace', 599, 7999),
        ],
        variants: [...METALS, 'Ruby'],
        pitch: [
          'is inspired by royal Rajasthani jewellery',
          'sits gracefully with sarees and western outfits alike',
          'has an adjustable chain with a secure lobster clasp',
        ],
      },
      {
        name: 'Earrings',
        adjectives: ['Oxidised', 'Pearl', 'Kundan', 'Lightweight', 'Festive', 'Minimal'],
        items: [
          item('Jhumkas', 'earring', 299, 2499),
          item('Hoop Earrings', 'earring', 249, 1499),
          item('Stud Earrings', 'earring', 199, 2999),
          item('Chandbalis', 'earring', 499, 3499),
          item('Drop Earrings', 'earring', 299, 1999),
        ],
        variants: [...METALS, 'Emerald', 'Ruby'],
        pitch: [
          'is light enough to wear all day',
          'catches the light beautifully at every turn',
          'completes festive and party looks',
        ],
      },
      {
        name: 'Bangles & Bracelets',
        adjectives: ['Kundan', 'Classic', 'Meenakari', 'Twisted', 'Charm'],
        items: [
          item('Kada Bangle', 'bangle', 399, 2999),
          item('Charm Bracelet', 'bangle', 299, 1999),
          item('Glass Bangles Set', 'bangle', 149, 599),
          item('Bangle Set of 4', 'bangle', 499, 3999),
        ],
        variants: [...METALS, 'Red', 'Green'],
        pitch: [
          'stacks beautifully with your everyday bangles',
          'is finished with intricate meenakari work',
          'is a festive favourite for weddings and Karva Chauth',
        ],
      },
    ],
  },
  {
    name: 'Home & Kitchen',
    color: '#ede9fe',
    icon: 'kettle',
    brands: ['Ghar Sansar', 'Rasoi Pro', 'Kalakriti', 'Nestwell', 'Homely'],
    details: [
      'Backed by a 1-year warranty against manufacturing defects.',
      'Designed for Indian homes and everyday use.',
      'Easy to clean and built to last.',
      'Ships securely packed to arrive in perfect shape.',
    ],
    subcategories: [
      {
        name: 'Cookware',
        adjectives: ['Non-Stick', 'Cast Iron', 'Tri-Ply', 'Hard Anodised', 'Granite'],
        items: [
          item('Fry Pan', 'pan', 499, 2499),
          item('Dosa Tawa', 'pan', 599, 2499),
          item('Kadai', 'pan', 599, 2999),
          item('Saucepan', 'pan', 449, 1999),
        ],
        variants: ['Black', 'Red', 'Grey', 'Teal'],
        pitch: [
          'heats evenly for perfect dosas and stir-fries',
          'works on gas stoves and induction cooktops',
          'needs very little oil for healthy cooking',
        ],
      },
      {
        name: 'Kitchen Appliances',
        adjectives: ['Compact', 'Smart', 'Turbo', 'Classic', 'Deluxe'],
        items: [
          item('Electric Kettle', 'kettle', 699, 2499),
          item('Mixer Grinder', 'mixer', 1999, 6999),
          item('Hand Blender', 'mixer', 999, 2999),
          item('Juicer Mixer', 'mixer', 2499, 5999),
        ],
        variants: ['White', 'Black', 'Red', 'Silver'],
        pitch: [
          'saves time on busy mornings',
          'has a powerful motor with overload protection',
          'is compact enough for small kitchens',
        ],
      },
      {
        name: 'Home Decor',
        adjectives: ['Handcrafted', 'Boho', 'Minimal', 'Vintage', 'Artisan'],
        items: [
          item('Table Lamp', 'lamp', 699, 3999),
          item('Ceramic Vase', 'vase', 399, 1999),
          item('Brass Diya Set', 'diya', 299, 1499),
          item('Wall Clock', 'clock', 499, 1999),
        ],
        variants: ['Gold', 'Teal', 'White', 'Mustard', 'Blue'],
        pitch: [
          'adds warmth to living rooms, bedrooms and balconies',
          'is made by artisans from Moradabad and Jaipur',
          'makes a thoughtful housewarming gift',
        ],
      },
      {
        name: 'Bedding',
        adjectives: ['Jaipuri', 'Cotton', 'Soft Touch', 'Printed', 'Luxury'],
        items: [
          item('Double Bedsheet', 'pillow', 599, 2999),
          item('Cushion Covers Set', 'pillow', 299, 999),
          item('Razai Quilt', 'pillow', 1299, 4999),
          item('Pillow Pair', 'pillow', 349, 1299),
        ],
        variants: ['Indigo', 'Mustard', 'Rose Pink', 'Ivory', 'Teal', 'Grey'],
        pitch: [
          'is woven from breathable cotton for restful sleep',
          'keeps its colour wash after wash',
          'brings block-printed Rajasthani charm to the bedroom',
        ],
      },
    ],
  },
  {
    name: 'Toys & Gifts',
    color: '#ffedd5',
    icon: 'teddy',
    brands: ['Playwala', 'Khilona', 'Uphaar', 'Tiny Genius', 'Gudiya'],
    details: [
      'Made from child-safe, non-toxic materials.',
      'Gift-wrapping is available at checkout.',
      'Packed carefully so it arrives in perfect condition.',
      'A thoughtful gift for birthdays, Diwali and Raksha Bandhan.',
    ],
    subcategories: [
      {
        name: 'Soft Toys',
        adjectives: ['Cuddly', 'Huggable', 'Fluffy', 'Giant', 'Mini'],
        items: [
          item('Teddy Bear', 'teddy', 299, 1999),
          item('Elephant Plush', 'teddy', 349, 1499),
          item('Bunny Plush', 'teddy', 299, 999),
        ],
        variants: ['Brown', 'Pink', 'Cream', 'Grey', 'Blue'],
        pitch: [
          'is stuffed with soft, hypoallergenic fibre',
          'is perfect for bedtime cuddles',
          'has securely stitched eyes that are safe for toddlers',
        ],
      },
      {
        name: 'Educational Toys',
        adjectives: ['Creative', 'Smart', 'Wooden', 'STEM', 'Junior'],
        items: [
          item('Building Blocks', 'blocks', 399, 2499),
          item('Wooden Puzzle', 'blocks', 299, 999),
          item('Science Kit', 'flask', 599, 1999),
          item('Abacus', 'blocks', 249, 799),
        ],
        variants: ['Classic', 'Deluxe', 'Starter', 'Mega'],
        pitch: [
          'builds problem-solving and motor skills through play',
          'comes with a colourful guide full of activities',
          'keeps curious minds busy for hours',
        ],
      },
      {
        name: 'Gift Hampers',
        adjectives: ['Festive', 'Premium', 'Deluxe', 'Classic', 'Royal'],
        items: [
          item('Diwali Gift Hamper', 'gift', 799, 4999),
          item('Chocolate Hamper', 'gift', 599, 2499),
          item('Dry Fruit Gift Box', 'gift', 699, 3499),
          item('Rakhi Gift Set', 'gift', 399, 1499),
        ],
        variants: ['Red', 'Gold', 'Maroon', 'Purple'],
        pitch: [
          'is curated with treats the whole family will love',
          'arrives beautifully packed with a greeting card',
          'makes corporate and family gifting effortless',
        ],
      },
      {
        name: 'Board Games',
        adjectives: ['Classic', 'Family', 'Deluxe', 'Travel', 'Magnetic'],
        items: [
          item('Ludo Set', 'dice', 199, 799),
          item('Chess Set', 'chess', 299, 1999),
          item('Carrom Board', 'carrom', 999, 3999),
          item('Snakes and Ladders', 'dice', 149, 499, false),
        ],
        variants: ['Classic', 'Wooden Edition', 'Travel Size', 'Deluxe Edition'],
        pitch: [
          'brings the whole family together for game night',
          'has sturdy pieces built for years of play',
          'is easy to learn and fun for all ages',
        ],
      },
    ],
  },
];

/** Banners: [kind, theme (see BANNER_THEMES in ./images.ts), category, subcategory or null, icon]. */
const BANNER_DEFS: ReadonlyArray<readonly [SeedBannerKind, number, string, string | null, IconName]> = [
  ['home', 0, 'Electronics', 'Mobiles', 'phone'],
  ['home', 4, 'Fashion', 'Ethnic Wear', 'kurta'],
  ['home', 1, 'Groceries', null, 'jar'],
  ['home', 2, 'Beauty', null, 'lipstick'],
  ['home', 6, 'Home & Kitchen', 'Kitchen Appliances', 'kettle'],
  ['middle', 3, 'Footwear', 'Sneakers', 'sneaker'],
  ['middle', 4, 'Jewellery', null, 'necklace'],
  ['middle', 5, 'Bags', 'Backpacks', 'backpack'],
  ['side', 4, 'Toys & Gifts', 'Gift Hampers', 'gift'],
  ['side', 7, 'Wellness', null, 'yogamat'],
  ['side', 8, 'Footwear', null, 'formalshoe'],
  ['bottom', 9, 'Groceries', 'Tea & Coffee', 'cup'],
  ['bottom', 6, 'Electronics', 'Audio', 'headphones'],
  ['bottom', 0, 'Fashion', null, 'dress'],
];

const CLOSERS = [
  'Ships within 2 days from our warehouse in Bengaluru.',
  'Free delivery on orders over Rs 299.',
  'Easy 7-day returns if it is not quite right.',
  'Pay securely online with your card.',
  'Loved by shoppers across India.',
];

const OTHER_COUNTRIES: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'US', label: 'United States' },
  { value: 'GB', label: 'United Kingdom' },
  { value: 'AE', label: 'United Arab Emirates' },
  { value: 'SG', label: 'Singapore' },
  { value: 'AU', label: 'Australia' },
];

/** Half-star ratings with their weights: mostly 3 to 5. */
const RATINGS: ReadonlyArray<readonly [number, number]> = [
  [1, 0.01], [1.5, 0.01], [2, 0.02], [2.5, 0.04], [3, 0.09], [3.5, 0.16], [4, 0.29], [4.5, 0.26], [5, 0.12],
];

// ---------------------------------------------------------------------------------------------
// Generation.

const CATEGORY_EPOCH = Date.UTC(2024, 11, 1) / 1000;
const BANNER_EPOCH = Date.UTC(2024, 11, 20) / 1000;
const YEAR_START = Date.UTC(2025, 0, 1) / 1000;
const YEAR_SECONDS = 365 * 86_400;

type Rng = () => number;

/** A well-mixed 32-bit seed for one (seed, namespace, index) triple. */
function streamSeed(seed: number, namespace: number, index: number): number {
  return fmix32((fmix32(seed ^ Math.imul(namespace, 0x9e3779b1)) + Math.imul(index + 1, 0x85ebca77)) >>> 0);
}

/**
 * Concatenation builds rope strings (one heap object per join); a numeric conversion makes V8
 * flatten them into one flat string, which keeps large catalogs small and cheap to collect.
 */
function flat(text: string): string {
  void Number(text);
  return text;
}

const HEX_BYTES = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

function hex32(rng: Rng): string {
  const n = Math.floor(rng() * 4294967296);
  return HEX_BYTES[n >>> 24]! + HEX_BYTES[(n >>> 16) & 255]! + HEX_BYTES[(n >>> 8) & 255]! + HEX_BYTES[n & 255]!;
}

/** An ObjectId-like id: creation time in seconds, then 64 bits from the stream. */
function makeId(seconds: number, rng: Rng): string {
  return Math.floor(seconds).toString(16).padStart(8, '0') + hex32(rng) + hex32(rng);
}

function pick<T>(list: readonly T[], rng: Rng): T {
  return list[Math.floor(rng() * list.length)]!;
}

/** Indian-style price points: 349, 1,299, 14,999. */
function nicePrice(value: number): number {
  if (value < 1000) return Math.max(109, Math.round(value / 10) * 10 - 1);
  if (value < 10_000) return Math.round(value / 100) * 100 - 1;
  return Math.round(value / 500) * 500 - 1;
}

function pricing(def: ItemDef, rng: Rng): { price: number; oldPrice: number; discount: number } {
  const price = Math.min(60_000, Math.max(100, nicePrice(def.min + (def.max - def.min) * rng() ** 1.4)));
  const target = 5 + Math.floor(rng() * 46); // 5..50 percent
  let oldPrice = nicePrice((price * 100) / (100 - target));
  if (oldPrice <= price) oldPrice = nicePrice(price * 1.12);
  if (oldPrice <= price) oldPrice = price + Math.max(10, Math.ceil(price * 0.05));
  const discount = Math.round(((oldPrice - price) * 100) / oldPrice);
  return { price, oldPrice, discount };
}

function rating(rng: Rng): number {
  let r = rng();
  for (const [value, weight] of RATINGS) {
    if (r < weight) return value;
    r -= weight;
  }
  return 4;
}

function optionList(kind: OptionKind | undefined, field: 'productRam' | 'size' | 'productWeight', rng: Rng): string[] {
  if (!kind || OPTION_VALUES[kind][0] !== field) return [];
  const [, values, min, max] = OPTION_VALUES[kind];
  const length = min + Math.floor(rng() * (max - min + 1));
  const start = Math.floor(rng() * (values.length - length + 1));
  return values.slice(start, start + length);
}

/**
 * One variant per option label, priced the way shops price them: more RAM costs a step more
 * (about 18% per step up the product's list), a heavier pack costs more but less per gram (price
 * grows with weight^0.85), every size costs the same. The product's stock is shared out across
 * its variants, so the seeded totals stay as they were. Derived without the random stream, so
 * every other seeded value stays the same.
 */
function seedVariants(
  productId: string,
  lists: { productRam: string[]; size: string[]; productWeight: string[] },
  base: { price: number; oldPrice: number; countInStock: number },
): ProductVariant[] {
  const kind = VARIANT_OPTION_KINDS.find((k) => lists[k].length > 0);
  if (!kind) return [];
  const labels = lists[kind];
  const grams = labels.map(weightInGrams);
  return labels.map((label, i) => {
    const factor = kind === 'productRam' ? 1 + 0.18 * i : kind === 'productWeight' ? (grams[i]! / grams[0]!) ** 0.85 : 1;
    const price = Math.round(base.price * factor);
    const oldPrice = Math.round(base.oldPrice * factor);
    const share = Math.floor(base.countInStock / labels.length) + (i < base.countInStock % labels.length ? 1 : 0);
    return {
      sku: `${productId.slice(-8).toUpperCase()}-${label.replace(/[^A-Za-z0-9]/g, '').toUpperCase()}`,
      options: { [kind]: label },
      price,
      ...(oldPrice > price ? { oldPrice } : {}),
      countInStock: share,
    };
  });
}

/** "500g" → 500, "2kg" → 2000 (1 for a label that is not a weight, so its factor is 1). */
function weightInGrams(label: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(kg|g)$/i.exec(label);
  if (!match) return 1;
  return Number(match[1]) * (match[2]!.toLowerCase() === 'kg' ? 1000 : 1);
}

function location(rng: Rng): SeedProduct['location'] {
  const r = rng();
  if (r < 0.8) return [{ value: 'All', label: 'All' }];
  if (r < 0.95) return [{ value: 'IN', label: 'India' }];
  const other = pick(OTHER_COUNTRIES, rng);
  return rng() < 0.4 ? [{ value: 'IN', label: 'India' }, { ...other }] : [{ ...other }];
}

/** Turns a singular predicate plural: "is cut from" → "are cut from", "offers" → "offer". */
function pluralPredicate(predicate: string): string {
  const space = predicate.indexOf(' ');
  const verb = space < 0 ? predicate : predicate.slice(0, space);
  const rest = space < 0 ? '' : predicate.slice(space);
  let plural: string;
  if (verb === 'is') plural = 'are';
  else if (verb === 'has') plural = 'have';
  else if (verb === 'does') plural = 'do';
  else if (/[^aeiou]ies$/.test(verb)) plural = `${verb.slice(0, -3)}y`;
  else if (/(ch|sh|ss|x)es$/.test(verb)) plural = verb.slice(0, -2);
  else plural = verb.replace(/s$/, '');
  return plural + rest;
}

/** "It also offers …", "It is also …", "They also offer …", "They are also …". */
function alsoSentence(predicate: string, plural: boolean): string {
  const subject = plural ? 'They' : 'It';
  const verb = plural ? pluralPredicate(predicate) : predicate;
  const be = /^(is|are) /.exec(verb);
  return be ? `${subject} ${be[1]} also ${verb.slice(be[0].length)}.` : `${subject} also ${verb}.`;
}

function description(brand: string, def: ItemDef, sub: SubcategoryDef, cat: CategoryDef, rng: Rng): string {
  const first = Math.floor(rng() * sub.pitch.length);
  const opener = def.plural ? pluralPredicate(sub.pitch[first]!) : sub.pitch[first]!;
  let text = rng() < 0.5 ? `The ${brand} ${def.name} ${opener}.` : `${def.plural ? 'These' : 'This'} ${def.name} from ${brand} ${opener}.`;
  if (rng() < 0.55) {
    const second = (first + 1 + Math.floor(rng() * (sub.pitch.length - 1))) % sub.pitch.length;
    text += ` ${alsoSentence(sub.pitch[second]!, def.plural)}`;
  }
  text += ` ${pick(cat.details, rng)}`;
  if (rng() < 0.45) text += ` ${pick(CLOSERS, rng)}`;
  return text;
}

interface SubcategoryRef {
  id: string;
  catId: string;
  def: SubcategoryDef;
  cat: CategoryDef;
}

/** Per subcategory, item and variant: the image key's slug, computed once. */
function slugTable(refs: readonly SubcategoryRef[]): string[][][] {
  return refs.map(({ def }) => def.items.map((it) => def.variants.map((variant) => slugify(`${it.name} ${variant}`, 48))));
}

/** Above this many products, names may repeat (the templates give about 40,000 distinct ones). */
const UNIQUE_NAMES_UP_TO = 20_000;

/**
 * Builds the catalog file. Deterministic for given options; `products` defaults to the demo
 * shop's 300 and may be scaled (the benchmark uses 100,000) over the same categories and banners.
 * Products are spread evenly over every subcategory and listed in order of `dateCreated`, one
 * distinct second each, spread over 2025.
 */
export function generateCatalog(options: GenerateCatalogOptions = {}): CatalogFile {
  const count = options.products ?? DEFAULT_PRODUCT_COUNT;
  if (!Number.isInteger(count) || count < 0 || count > MAX_PRODUCT_COUNT) {
    throw new RangeError(`products must be an integer from 0 to ${MAX_PRODUCT_COUNT}`);
  }
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(seed)) throw new RangeError('seed must be an integer');

  const categories: SeedCategory[] = [];
  const refs: SubcategoryRef[] = [];
  CATEGORY_DEFS.forEach((cat, ci) => {
    const created = CATEGORY_EPOCH + ci * 3600;
    const id = makeId(created, mulberry32(streamSeed(seed, 1, ci)));
    const subcategories = cat.subcategories.map((def, si) => {
      const subId = makeId(created + (si + 1) * 60, mulberry32(streamSeed(seed, 2, ci * 100 + si)));
      refs.push({ id: subId, catId: id, def, cat });
      return { id: subId, name: def.name };
    });
    categories.push({
      id,
      name: cat.name,
      color: cat.color,
      images: [seedImageUrl('category', categoryImageKey(cat.icon, cat.color, cat.name))],
      subcategories,
    });
  });

  const products = generateProducts(count, seed, refs);

  const banners: SeedBanner[] = BANNER_DEFS.map(([kind, theme, catName, subName, icon], bi) => {
    const ci = CATEGORY_DEFS.findIndex((c) => c.name === catName);
    const cat = categories[ci]!;
    const sub = subName === null ? null : cat.subcategories.find((s) => s.name === subName)!;
    return {
      id: makeId(BANNER_EPOCH + bi * 3600, mulberry32(streamSeed(seed, 5, bi))),
      kind,
      images: [seedImageUrl('banner', bannerImageKey(kind, theme, icon, CATEGORY_DEFS[ci]!.color, subName ?? catName))],
      catId: cat.id,
      subCatId: sub ? sub.id : null,
    };
  });

  return { categories, products, banners };
}

function generateProducts(count: number, seed: number, refs: readonly SubcategoryRef[]): SeedProduct[] {
  const products: SeedProduct[] = [];
  const step = YEAR_SECONDS / Math.max(1, count);
  const names = count <= UNIQUE_NAMES_UP_TO ? new Set<string>() : null;
  const slugs = slugTable(refs);
  const urlStart = seedImageUrl('product', '');
  const urlStem = urlStart.slice(0, urlStart.length - '.svg'.length);
  const subCount = refs.length;
  const order = refs.map((_, i) => i);
  for (let i = 0; i < count; i++) {
    // Every block of `subCount` products visits each subcategory once, in a shuffled order.
    const slot = i % subCount;
    if (slot === 0) {
      const shuffle = mulberry32(streamSeed(seed, 3, i / subCount));
      for (let k = subCount - 1; k > 0; k--) {
        const j = Math.floor(shuffle() * (k + 1));
        const t = order[k]!;
        order[k] = order[j]!;
        order[j] = t;
      }
    }
    const subIndex = order[slot]!;
    const ref = refs[subIndex]!;
    const { def: sub, cat } = ref;
    const rng = mulberry32(streamSeed(seed, 4, i));

    // One distinct second per product: [floor(i*step), floor((i+1)*step)) never overlap.
    const from = Math.floor(i * step);
    const seconds = YEAR_START + from + Math.floor(rng() * Math.max(1, Math.floor((i + 1) * step) - from));
    const id = makeId(seconds, rng);

    // Items take turns within their subcategory, so even a small shop shows every kind of item.
    const itemIndex = (Math.floor(i / subCount) + subIndex) % sub.items.length;
    const itemDef = sub.items[itemIndex]!;
    let brand = '';
    let variantIndex = 0;
    let name = '';
    for (let attempt = 0; attempt < 5; attempt++) {
      brand = pick(cat.brands, rng);
      const adjective = pick(sub.adjectives, rng);
      variantIndex = Math.floor(rng() * sub.variants.length);
      name = `${brand} ${adjective} ${itemDef.name}, ${sub.variants[variantIndex]!}`;
      if (!names?.has(name)) break;
    }
    names?.add(name);

    const slug = slugs[subIndex]![itemIndex]![variantIndex]!;
    const imageCount = 2 + Math.floor(rng() * 4);
    const images: string[] = [];
    for (let k = 0; k < imageCount; k++) images.push(flat(`${urlStem}${productImageKey(itemDef.icon, k, id, slug)}.svg`));

    const { price, oldPrice, discount } = pricing(itemDef, rng);
    const countInStock = rng() < 0.07 ? 0 : 1 + Math.floor(rng() ** 1.6 * 120);
    const productRam = optionList(sub.option, 'productRam', rng);
    const size = optionList(sub.option, 'size', rng);
    const productWeight = optionList(sub.option, 'productWeight', rng);
    products.push({
      id,
      name: flat(name),
      brand,
      description: flat(description(brand, itemDef, sub, cat, rng)),
      images,
      price,
      oldPrice,
      discount,
      countInStock,
      rating: rating(rng),
      isFeatured: rng() < 0.2,
      catId: ref.catId,
      subCatId: ref.id,
      productRam,
      size,
      productWeight,
      variants: seedVariants(id, { productRam, size, productWeight }, { price, oldPrice, countInStock }),
      location: location(rng),
      dateCreated: new Date(seconds * 1000).toISOString(),
    });
  }
  return products;
}
