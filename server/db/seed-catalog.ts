/**
 * The demo data as plain lists: areas, categories with subcategories, GST records,
 * products with Tamil names, announcements and a few orders. seed-demo.ts turns them into rows;
 * seed-generate.ts uses the word lists at the bottom to make large catalogues.
 * Prices are in rupees here; the seed converts them to paise.
 */

/** Real Chennai and Madurai localities (the first eight are relied on by tests). */
export const AREAS = [
  'Mylapore',
  'T. Nagar',
  'Adyar',
  'Velachery',
  'Anna Nagar',
  'Tambaram',
  'Madurai - Anna Nagar',
  'Madurai - K. K. Nagar',
] as const;
export type AreaName = (typeof AREAS)[number];

export interface SeedAddress {
  address: string;
  city: string;
  pincode: string;
  phoneNumber: string;
  area: AreaName;
}

export interface SeedAccount {
  key: string;
  name: string;
  phone: string;
  role: 'admin' | 'user' | 'vendor' | 'delivery';
  email: string | null;
  gstNumber: string | null;
  shopName: string | null;
  commission: number;
  addresses: SeedAddress[];
}

const addr = (address: string, city: string, pincode: string, area: AreaName, phoneNumber = ''): SeedAddress => ({
  address,
  city,
  pincode,
  phoneNumber,
  area,
});

/** The demo accounts; all of them sign in with DEMO_PASSWORD. */
export const ACCOUNTS: SeedAccount[] = [
  { key: 'admin', name: 'Admin Kumar', phone: '9876500001', role: 'admin', email: 'admin@example.in', gstNumber: null, shopName: null, commission: 0,
    addresses: [addr('12 Kutchery Road', 'Chennai', '600004', 'Mylapore', '9876500001')] },
  { key: 'murugan', name: 'Murugan Stores', phone: '9876500002', role: 'vendor', email: 'murugan@example.in', gstNumber: '33AABCM1234F1Z5', shopName: 'Murugan Stores', commission: 5,
    addresses: [addr('45 Usman Road', 'Chennai', '600017', 'T. Nagar', '9876500002')] },
  { key: 'customer', name: 'Lakshmi Priya', phone: '9876500003', role: 'user', email: 'lakshmi@example.in', gstNumber: null, shopName: null, commission: 0,
    addresses: [
      addr('7 Kasturba Nagar 3rd Cross Street', 'Chennai', '600020', 'Adyar', '9876500003'),
      addr('22 Luz Church Road', 'Chennai', '600004', 'Mylapore', '9840012345'),
    ] },
  { key: 'delivery', name: 'Selvam Delivery', phone: '9876500004', role: 'delivery', email: null, gstNumber: null, shopName: null, commission: 0,
    addresses: [addr('3 Taramani Link Road', 'Chennai', '600042', 'Velachery', '9876500004')] },
  { key: 'meenakshi', name: 'Meenakshi Traders', phone: '9876500005', role: 'vendor', email: 'meenakshi@example.in', gstNumber: '33AAFCM5678K1Z2', shopName: 'Meenakshi Traders', commission: 5,
    addresses: [addr('18 West Masi Street', 'Madurai', '625001', 'Madurai - Anna Nagar', '9876500005')] },
  { key: 'kaveri', name: 'Kaveri Organics', phone: '9876500006', role: 'vendor', email: 'kaveri@example.in', gstNumber: '33AAKFK2468P1Z9', shopName: 'Kaveri Organics', commission: 4,
    addresses: [addr('5 Lake View Road, K. K. Nagar', 'Madurai', '625020', 'Madurai - K. K. Nagar', '9876500006')] },
  { key: 'karthik', name: 'Karthik Raja', phone: '9876500007', role: 'user', email: 'karthik@example.in', gstNumber: null, shopName: null, commission: 0,
    addresses: [
      addr('Plot 14, 2nd Avenue', 'Chennai', '600040', 'Anna Nagar', '9876500007'),
      addr('9 Pondy Bazaar', 'Chennai', '600017', 'T. Nagar', '9876500007'),
    ] },
  { key: 'fathima', name: 'Fathima Begum', phone: '9876500008', role: 'user', email: null, gstNumber: null, shopName: null, commission: 0,
    addresses: [addr('31 Bypass Road, K. K. Nagar', 'Madurai', '625020', 'Madurai - K. K. Nagar', '9876500008')] },
  { key: 'senthil', name: 'Senthil Kumar', phone: '9876500009', role: 'user', email: 'senthil@example.in', gstNumber: null, shopName: null, commission: 0,
    addresses: [
      addr('11 Vijaya Nagar 1st Main Road', 'Chennai', '600042', 'Velachery', '9876500009'),
      addr('4 Shanmugam Road, West Tambaram', 'Chennai', '600045', 'Tambaram', '9876500009'),
    ] },
];

/** Categories and their subcategories, in display order. */
export const CATEGORIES: Array<{ name: string; subcategories: string[] }> = [
  { name: 'Groceries', subcategories: ['Rice & Grains', 'Dals & Pulses', 'Masalas & Spices', 'Oils & Ghee', 'Flours & Rava'] },
  { name: 'Vegetables & Fruits', subcategories: ['Fresh Vegetables', 'Fresh Fruits', 'Greens & Herbs'] },
  { name: 'Dairy & Bakery', subcategories: ['Milk & Curd', 'Butter & Paneer', 'Bread & Rusk'] },
  { name: 'Snacks & Sweets', subcategories: ['Murukku & Savouries', 'Traditional Sweets', 'Biscuits & Cookies'] },
  { name: 'Beverages', subcategories: ['Coffee & Tea', 'Juices & Sarbath', 'Soft Drinks', 'Health Drinks'] },
  { name: 'Household', subcategories: ['Detergents', 'Dishwash', 'Floor & Toilet Cleaners', 'Kitchenware'] },
  { name: 'Personal Care', subcategories: ['Bath Soaps', 'Hair Care', 'Oral Care', 'Skin Care'] },
  { name: 'Pooja Items', subcategories: ['Agarbatti & Sambrani', 'Camphor & Lamps', 'Kumkum & Manjal', 'Flowers & Garlands'] },
];

/** Placeholder picture of each subcategory, under public/images/products/. */
export const subcategoryImage = (subcategory: string) =>
  `/images/products/${subcategory.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}.svg`;
export const GENERIC_IMAGE = '/images/products/generic.svg';

/** GST records: cgst = sgst = rate / 2, igst = rate; HSN codes of the goods named. */
export const GSTS: Array<{ key: string; name: string; rate: number; hsn: string }> = [
  { key: 'veg0', name: 'GST 0% - Fresh vegetables', rate: 0, hsn: '0702' },
  { key: 'fruit0', name: 'GST 0% - Fresh fruits', rate: 0, hsn: '0803' },
  { key: 'milk0', name: 'GST 0% - Fresh milk & curd', rate: 0, hsn: '0401' },
  { key: 'bread0', name: 'GST 0% - Bread', rate: 0, hsn: '1905' },
  { key: 'flower0', name: 'GST 0% - Fresh flowers', rate: 0, hsn: '0603' },
  { key: 'kumkum0', name: 'GST 0% - Kumkum & bindi', rate: 0, hsn: '3304' },
  { key: 'rice5', name: 'GST 5% - Rice (branded)', rate: 5, hsn: '1006' },
  { key: 'pulses5', name: 'GST 5% - Pulses (branded)', rate: 5, hsn: '0713' },
  { key: 'millet5', name: 'GST 5% - Millets (branded)', rate: 5, hsn: '1008' },
  { key: 'spice5', name: 'GST 5% - Spices', rate: 5, hsn: '0910' },
  { key: 'oil5', name: 'GST 5% - Edible oils', rate: 5, hsn: '1515' },
  { key: 'flour5', name: 'GST 5% - Flour & rava (branded)', rate: 5, hsn: '1101' },
  { key: 'coffee5', name: 'GST 5% - Coffee', rate: 5, hsn: '0901' },
  { key: 'tea5', name: 'GST 5% - Tea', rate: 5, hsn: '0902' },
  { key: 'sweet5', name: 'GST 5% - Sweets (mithai)', rate: 5, hsn: '2106' },
  { key: 'paneer5', name: 'GST 5% - Paneer', rate: 5, hsn: '0406' },
  { key: 'agarbatti5', name: 'GST 5% - Agarbatti', rate: 5, hsn: '3307' },
  { key: 'ghee12', name: 'GST 12% - Ghee', rate: 12, hsn: '0405' },
  { key: 'butter12', name: 'GST 12% - Butter', rate: 12, hsn: '0405' },
  { key: 'namkeen12', name: 'GST 12% - Namkeen', rate: 12, hsn: '2106' },
  { key: 'juice12', name: 'GST 12% - Fruit juices', rate: 12, hsn: '2009' },
  { key: 'steel12', name: 'GST 12% - Steel utensils', rate: 12, hsn: '7323' },
  { key: 'brass12', name: 'GST 12% - Brass lamps', rate: 12, hsn: '7418' },
  { key: 'soap18', name: 'GST 18% - Soap', rate: 18, hsn: '3401' },
  { key: 'detergent18', name: 'GST 18% - Detergents', rate: 18, hsn: '3402' },
  { key: 'cleaner18', name: 'GST 18% - Disinfectants & cleaners', rate: 18, hsn: '3808' },
  { key: 'biscuit18', name: 'GST 18% - Biscuits & rusk', rate: 18, hsn: '1905' },
  { key: 'malt18', name: 'GST 18% - Malt & health drinks', rate: 18, hsn: '1901' },
  { key: 'hair18', name: 'GST 18% - Hair care', rate: 18, hsn: '3305' },
  { key: 'dental18', name: 'GST 18% - Toothpaste & tooth powder', rate: 18, hsn: '3306' },
  { key: 'skin18', name: 'GST 18% - Skin care', rate: 18, hsn: '3304' },
  { key: 'camphor18', name: 'GST 18% - Camphor', rate: 18, hsn: '2914' },
  { key: 'drink28', name: 'GST 28% - Aerated drinks', rate: 28, hsn: '2202' },
];

export interface SeedProduct {
  vendor: 'murugan' | 'meenakshi' | 'kaveri';
  subcategory: string;
  gst: string;
  name: string;
  tamil: string;
  /** MRP and selling price per unit (rupees); discount is a per-unit amount off the selling price. */
  price: number;
  shopPrice: number;
  discount: number;
  stock: number;
  reorder: number;
  description: string;
}

type Row = [SeedProduct['vendor'], string, string, string, string, number, number, number, number, number, string];
const P = ([vendor, subcategory, gst, name, tamil, price, shopPrice, discount, stock, reorder, description]: Row): SeedProduct => ({
  vendor, subcategory, gst, name, tamil, price, shopPrice, discount, stock, reorder, description,
});

/** The demo catalogue: stock ≤ reorder level on a few, one sold out. */
export const PRODUCTS: SeedProduct[] = ([
  // Murugan Stores, T. Nagar: a general provisions store
  ['murugan', 'Rice & Grains', 'rice5', 'Ponni Rice 5kg', 'பொன்னி அரிசி 5 கிலோ', 420, 389, 10, 60, 10, 'Aged Ponni raw rice from the Cauvery delta, soft and non-sticky for everyday meals.'],
  ['murugan', 'Rice & Grains', 'rice5', 'Idli Rice 5kg', 'இட்லி அரிசி 5 கிலோ', 360, 335, 0, 40, 8, 'Parboiled idli rice that grinds into a fluffy batter for idli and dosa.'],
  ['murugan', 'Rice & Grains', 'rice5', 'Seeraga Samba Rice 1kg', 'சீரக சம்பா அரிசி 1 கிலோ', 165, 150, 0, 25, 5, 'Fragrant short-grain seeraga samba rice for biryani the Tamil way.'],
  ['murugan', 'Dals & Pulses', 'pulses5', 'Toor Dal 1kg', 'துவரம் பருப்பு 1 கிலோ', 185, 168, 5, 80, 15, 'Unpolished toor dal for sambar and paruppu.'],
  ['murugan', 'Dals & Pulses', 'pulses5', 'Urad Dal Whole 1kg', 'முழு உளுத்தம் பருப்பு 1 கிலோ', 170, 155, 0, 45, 10, 'White whole urad dal for idli and vada batter.'],
  ['murugan', 'Dals & Pulses', 'pulses5', 'Moong Dal 500g', 'பாசிப் பருப்பு 500 கிராம்', 78, 72, 0, 4, 10, 'Split yellow moong dal for pongal and kootu.'],
  ['murugan', 'Dals & Pulses', 'pulses5', 'Chana Dal 1kg', 'கடலைப் பருப்பு 1 கிலோ', 115, 104, 0, 35, 8, 'Bengal gram dal for vadai, tempering and sweets.'],
  ['murugan', 'Masalas & Spices', 'spice5', 'Sambar Powder 200g', 'சாம்பார் பொடி 200 கிராம்', 85, 78, 0, 50, 10, 'Freshly ground sambar powder with coriander, red chilli and toor dal.'],
  ['murugan', 'Masalas & Spices', 'spice5', 'Rasam Powder 100g', 'ரசம் பொடி 100 கிராம்', 48, 44, 0, 30, 8, 'Pepper and cumin rich rasam powder.'],
  ['murugan', 'Masalas & Spices', 'spice5', 'Turmeric Powder 200g', 'மஞ்சள் தூள் 200 கிராம்', 62, 56, 0, 70, 10, 'Erode turmeric, sun dried and finely ground.'],
  ['murugan', 'Masalas & Spices', 'spice5', 'Red Chilli Powder 250g', 'மிளகாய் தூள் 250 கிராம்', 98, 90, 5, 40, 10, 'Guntur and Ramnad chillies ground for colour and heat.'],
  ['murugan', 'Oils & Ghee', 'oil5', 'Groundnut Oil 1L', 'கடலை எண்ணெய் 1 லிட்டர்', 230, 210, 0, 55, 12, 'Refined groundnut oil for frying and everyday cooking.'],
  ['murugan', 'Flours & Rava', 'flour5', 'Wheat Atta 5kg', 'கோதுமை மாவு 5 கிலோ', 275, 255, 10, 30, 6, 'Whole wheat atta for soft chapatis.'],
  ['murugan', 'Flours & Rava', 'flour5', 'Bombay Rava 500g', 'பம்பாய் ரவை 500 கிராம்', 42, 38, 0, 60, 10, 'Fine sooji for upma, kesari and rava dosa.'],
  ['murugan', 'Flours & Rava', 'flour5', 'Rice Flour 1kg', 'அரிசி மாவு 1 கிலோ', 72, 65, 0, 28, 6, 'Processed rice flour for idiyappam, kozhukattai and murukku.'],
  ['murugan', 'Coffee & Tea', 'coffee5', 'Filter Coffee Powder 500g', 'பில்டர் காபி தூள் 500 கிராம்', 340, 315, 15, 36, 8, 'Peaberry and plantation A blend with 20% chicory, for a strong Kumbakonam degree coffee.'],
  ['murugan', 'Coffee & Tea', 'tea5', 'Nilgiris Tea Dust 250g', 'நீலகிரி டீ தூள் 250 கிராம்', 145, 132, 0, 48, 10, 'Strong CTC tea dust from the Nilgiris for milky chai.'],
  ['murugan', 'Soft Drinks', 'drink28', 'Goli Soda 200ml', 'கோலி சோடா 200 மி.லி', 20, 20, 0, 120, 24, 'The marble-stoppered lemon soda of Tamil Nadu, chilled and fizzy.'],
  ['murugan', 'Soft Drinks', 'drink28', 'Cola 750ml', 'கோலா 750 மி.லி', 45, 40, 0, 60, 12, 'Carbonated cola soft drink.'],
  ['murugan', 'Soft Drinks', 'drink28', 'Paneer Soda 200ml', 'பன்னீர் சோடா 200 மி.லி', 25, 22, 0, 12, 24, 'Rose-flavoured paneer soda, a temple-town favourite.'],
  ['murugan', 'Biscuits & Cookies', 'biscuit18', 'Marie Biscuits 250g', 'மாரி பிஸ்கட் 250 கிராம்', 40, 36, 0, 90, 20, 'Light tea-time Marie biscuits.'],
  ['murugan', 'Biscuits & Cookies', 'biscuit18', 'Coconut Cookies 200g', 'தேங்காய் பிஸ்கட் 200 கிராம்', 55, 50, 0, 40, 10, 'Crunchy cookies baked with desiccated coconut.'],
  ['murugan', 'Detergents', 'detergent18', 'Detergent Powder 1kg', 'சலவைத் தூள் 1 கிலோ', 130, 118, 8, 50, 10, 'Washing powder for bucket and machine wash.'],
  ['murugan', 'Detergents', 'detergent18', 'Detergent Bar 250g', 'சலவை சோப்பு 250 கிராம்', 32, 30, 0, 75, 15, 'Blue detergent bar for collars and cuffs.'],
  ['murugan', 'Dishwash', 'detergent18', 'Dishwash Bar 300g', 'பாத்திரம் தேய்க்கும் சோப்பு 300 கிராம்', 30, 28, 0, 100, 20, 'Lemon dishwash bar that cuts grease on steel vessels.'],
  ['murugan', 'Dishwash', 'detergent18', 'Dishwash Liquid 500ml', 'பாத்திரம் கழுவும் திரவம் 500 மி.லி', 110, 99, 0, 30, 8, 'Concentrated lemon dishwash liquid.'],
  ['murugan', 'Floor & Toilet Cleaners', 'cleaner18', 'Floor Cleaner 1L', 'தரை சுத்தம் செய்யும் திரவம் 1 லிட்டர்', 199, 180, 10, 25, 6, 'Disinfectant floor cleaner with a jasmine fragrance.'],
  ['murugan', 'Floor & Toilet Cleaners', 'cleaner18', 'Toilet Cleaner 500ml', 'கழிவறை சுத்திகரிப்பான் 500 மி.லி', 99, 92, 0, 5, 6, 'Thick toilet cleaner that removes stains and kills germs.'],
  ['murugan', 'Bath Soaps', 'soap18', 'Neem Soap 100g', 'வேப்பிலை சோப்பு 100 கிராம்', 38, 35, 0, 80, 15, 'Herbal bath soap with neem and tulsi.'],
  ['murugan', 'Oral Care', 'dental18', 'Toothpaste 150g', 'பற்பசை 150 கிராம்', 95, 88, 0, 45, 10, 'Fluoride toothpaste with clove and salt.'],
  ['murugan', 'Milk & Curd', 'milk0', 'Toned Milk 500ml', 'பால் 500 மி.லி', 27, 27, 0, 40, 20, 'Fresh toned milk delivered every morning.'],

  // Meenakshi Traders, Madurai: sweets, savouries, pooja items and utensils
  ['meenakshi', 'Murukku & Savouries', 'namkeen12', 'Murukku 200g', 'முறுக்கு 200 கிராம்', 75, 70, 0, 40, 10, 'Crisp rice-flour murukku made with butter and cumin.'],
  ['meenakshi', 'Murukku & Savouries', 'namkeen12', 'Madras Mixture 250g', 'மெட்ராஸ் மிக்சர் 250 கிராம்', 85, 78, 5, 35, 10, 'Spicy mixture of sev, boondi, peanuts and curry leaves.'],
  ['meenakshi', 'Murukku & Savouries', 'namkeen12', 'Thattai 200g', 'தட்டை 200 கிராம்', 70, 65, 0, 25, 8, 'Thin crunchy rice crackers with chana dal and chilli.'],
  ['meenakshi', 'Murukku & Savouries', 'namkeen12', 'Ribbon Pakoda 200g', 'ரிப்பன் பக்கோடா 200 கிராம்', 70, 64, 0, 3, 8, 'Ribbon-shaped besan and rice flour savoury.'],
  ['meenakshi', 'Murukku & Savouries', 'namkeen12', 'Kai Murukku 250g', 'கை முறுக்கு 250 கிராம்', 120, 110, 0, 18, 5, 'Hand-twisted Manapparai style murukku.'],
  ['meenakshi', 'Traditional Sweets', 'sweet5', 'Mysore Pak 250g', 'மைசூர் பாக் 250 கிராம்', 190, 175, 10, 30, 8, 'Melt-in-the-mouth ghee Mysore Pak.'],
  ['meenakshi', 'Traditional Sweets', 'sweet5', 'Adhirasam 250g', 'அதிரசம் 250 கிராம்', 160, 150, 0, 20, 6, 'Jaggery and rice flour adhirasam, fried in gingelly oil.'],
  ['meenakshi', 'Traditional Sweets', 'sweet5', 'Srivilliputhur Palkova 250g', 'ஸ்ரீவில்லிபுத்தூர் பால்கோவா 250 கிராம்', 165, 155, 0, 22, 6, 'Slow-cooked milk sweet from Srivilliputhur.'],
  ['meenakshi', 'Traditional Sweets', 'sweet5', 'Jangiri 250g', 'ஜாங்கிரி 250 கிராம்', 140, 130, 0, 15, 5, 'Urad dal jangiri soaked in saffron sugar syrup.'],
  ['meenakshi', 'Traditional Sweets', 'sweet5', 'Kadalai Mittai 100g', 'கடலை மிட்டாய் 100 கிராம்', 30, 28, 0, 0, 10, 'Kovilpatti peanut and jaggery candy.'],
  ['meenakshi', 'Juices & Sarbath', 'juice12', 'Nannari Sarbath Syrup 750ml', 'நன்னாரி சர்பத் 750 மி.லி', 150, 135, 0, 24, 6, 'Cooling sarsaparilla root syrup; mix with lime and soda.'],
  ['meenakshi', 'Juices & Sarbath', 'juice12', 'Jigarthanda Mix 200g', 'ஜிகர்தண்டா மிக்ஸ் 200 கிராம்', 120, 110, 10, 20, 5, "Madurai's famous jigarthanda: almond gum, nannari and milk khoa mix."],
  ['meenakshi', 'Masalas & Spices', 'spice5', 'Chettinad Masala 100g', 'செட்டிநாடு மசாலா 100 கிராம்', 75, 68, 0, 30, 8, 'Kalpasi, star anise and pepper masala for Chettinad curries.'],
  ['meenakshi', 'Hair Care', 'hair18', 'Shikakai Powder 200g', 'சீயக்காய் தூள் 200 கிராம்', 70, 65, 0, 26, 6, 'Traditional shikakai hair wash powder with hibiscus and fenugreek.'],
  ['meenakshi', 'Hair Care', 'hair18', 'Hibiscus Hair Oil 200ml', 'செம்பருத்தி எண்ணெய் 200 மி.லி', 150, 140, 0, 18, 5, 'Coconut oil infused with hibiscus and curry leaves.'],
  ['meenakshi', 'Kitchenware', 'steel12', 'Steel Tumbler and Davara Set', 'எவர்சில்வர் டம்ளர் டவரா செட்', 260, 240, 20, 12, 3, 'Stainless steel coffee tumbler and davara for filter coffee.'],
  ['meenakshi', 'Kitchenware', 'steel12', 'Idli Cooker 4 Plates', 'இட்லி பானை 4 தட்டு', 850, 790, 40, 6, 2, 'Stainless steel idli pot with four plates, makes 16 idlis.'],
  ['meenakshi', 'Agarbatti & Sambrani', 'agarbatti5', 'Agarbatti Sandal 100 sticks', 'சந்தன ஊதுபத்தி 100 குச்சிகள்', 60, 55, 0, 70, 15, 'Hand-rolled sandalwood incense sticks.'],
  ['meenakshi', 'Agarbatti & Sambrani', 'agarbatti5', 'Sambrani Cups 12 pcs', 'சாம்பிராணி கப் 12', 50, 45, 0, 40, 10, 'Cup sambrani for evening dhoop.'],
  ['meenakshi', 'Camphor & Lamps', 'camphor18', 'Pachai Karpooram 50g', 'பச்சை கற்பூரம் 50 கிராம்', 90, 85, 0, 30, 8, 'Edible camphor used in pongal and temple prasadam.'],
  ['meenakshi', 'Camphor & Lamps', 'camphor18', 'Camphor Tablets 100g', 'கற்பூரம் 100 கிராம்', 120, 110, 0, 45, 10, 'Pure camphor tablets for aarti.'],
  ['meenakshi', 'Camphor & Lamps', 'brass12', 'Brass Kuthu Vilakku 12 inch', 'பித்தளை குத்து விளக்கு 12 அங்குலம்', 1450, 1350, 100, 5, 2, 'Traditional five-faced brass lamp from Nachiarkoil.'],
  ['meenakshi', 'Camphor & Lamps', 'oil5', 'Deepam Oil 1L', 'தீப எண்ணெய் 1 லிட்டர்', 180, 165, 0, 28, 6, 'Lamp oil blend of gingelly, castor and neem oils.'],
  ['meenakshi', 'Kumkum & Manjal', 'kumkum0', 'Kumkum 50g', 'குங்குமம் 50 கிராம்', 30, 28, 0, 60, 10, 'Bright red kumkum for pooja and daily wear.'],
  ['meenakshi', 'Kumkum & Manjal', 'spice5', 'Virali Manjal 100g', 'விரலி மஞ்சள் 100 கிராம்', 40, 36, 0, 35, 8, 'Whole turmeric fingers for pooja and pongal.'],
  ['meenakshi', 'Flowers & Garlands', 'flower0', 'Madurai Malli 1 muzham', 'மதுரை மல்லி 1 முழம்', 40, 35, 0, 50, 10, 'Fresh Madurai jasmine strung by hand every morning.'],
  ['meenakshi', 'Flowers & Garlands', 'flower0', 'Rose Garland', 'ரோஜா மாலை', 150, 140, 0, 8, 3, 'Fresh rose garland for the pooja room or a function.'],

  // Kaveri Organics, Madurai: organic produce, cold-pressed oils, dairy and millets
  ['kaveri', 'Rice & Grains', 'millet5', 'Thinai (Foxtail Millet) 1kg', 'தினை 1 கிலோ', 140, 128, 0, 30, 6, 'Organic foxtail millet for pongal and upma.'],
  ['kaveri', 'Rice & Grains', 'millet5', 'Samai (Little Millet) 1kg', 'சாமை 1 கிலோ', 150, 138, 0, 20, 6, 'Organic little millet, cooks like rice.'],
  ['kaveri', 'Rice & Grains', 'millet5', 'Mappillai Samba Rice 1kg', 'மாப்பிள்ளை சம்பா அரிசி 1 கிலோ', 130, 120, 5, 18, 5, 'Traditional red rice, rich in fibre and iron.'],
  ['kaveri', 'Oils & Ghee', 'oil5', 'Gingelly Oil 1L (Cold Pressed)', 'நல்லெண்ணெய் 1 லிட்டர் (செக்கு)', 440, 410, 20, 30, 8, 'Marachekku cold-pressed sesame oil with palm jaggery.'],
  ['kaveri', 'Oils & Ghee', 'oil5', 'Coconut Oil 500ml (Cold Pressed)', 'தேங்காய் எண்ணெய் 500 மி.லி (செக்கு)', 180, 168, 0, 25, 6, 'Wood-pressed coconut oil from Pollachi coconuts.'],
  ['kaveri', 'Oils & Ghee', 'ghee12', 'Cow Ghee 500ml', 'பசு நெய் 500 மி.லி', 360, 340, 15, 20, 5, 'Traditional bilona cow ghee with a grainy texture.'],
  ['kaveri', 'Flours & Rava', 'flour5', 'Ragi Flour 1kg', 'கேழ்வரகு மாவு 1 கிலோ', 85, 78, 0, 24, 6, 'Stone-ground finger millet flour for koozh and adai.'],
  ['kaveri', 'Fresh Vegetables', 'veg0', 'Tomato 1kg', 'தக்காளி 1 கிலோ', 40, 32, 0, 50, 10, 'Farm-fresh country tomatoes.'],
  ['kaveri', 'Fresh Vegetables', 'veg0', 'Small Onion 500g', 'சின்ன வெங்காயம் 500 கிராம்', 50, 45, 0, 40, 10, 'Sambar onions from Perambalur.'],
  ['kaveri', 'Fresh Vegetables', 'veg0', 'Drumstick 250g', 'முருங்கைக்காய் 250 கிராம்', 35, 30, 0, 30, 8, 'Tender drumsticks for sambar.'],
  ['kaveri', 'Fresh Vegetables', 'veg0', 'Brinjal 500g', 'கத்தரிக்காய் 500 கிராம்', 30, 26, 0, 35, 8, 'Purple country brinjal for ennai kathirikkai.'],
  ['kaveri', 'Fresh Vegetables', 'veg0', "Lady's Finger 500g", 'வெண்டைக்காய் 500 கிராம்', 35, 30, 0, 2, 8, 'Tender okra, picked the day before.'],
  ['kaveri', 'Fresh Fruits', 'fruit0', 'Poovan Banana 1 dozen', 'பூவன் பழம் 1 டஜன்', 70, 60, 0, 30, 8, 'Sweet Poovan bananas.'],
  ['kaveri', 'Fresh Fruits', 'fruit0', 'Banganapalli Mango 1kg', 'பங்கனப்பள்ளி மாம்பழம் 1 கிலோ', 140, 120, 10, 25, 6, 'Naturally ripened Banganapalli mangoes from Krishnagiri.'],
  ['kaveri', 'Fresh Fruits', 'fruit0', 'Guava 500g', 'கொய்யா 500 கிராம்', 50, 45, 0, 20, 5, 'Crisp white guavas.'],
  ['kaveri', 'Greens & Herbs', 'veg0', 'Curry Leaves 1 bunch', 'கறிவேப்பிலை 1 கட்டு', 10, 10, 0, 80, 15, 'Fresh curry leaves.'],
  ['kaveri', 'Greens & Herbs', 'veg0', 'Coriander Leaves 1 bunch', 'கொத்தமல்லி 1 கட்டு', 15, 12, 0, 60, 15, 'Fresh coriander leaves.'],
  ['kaveri', 'Greens & Herbs', 'veg0', 'Arai Keerai 1 bunch', 'அரைக்கீரை 1 கட்டு', 25, 20, 0, 25, 8, 'Amaranth greens for keerai masiyal.'],
  ['kaveri', 'Milk & Curd', 'milk0', 'Thick Curd 500g', 'கெட்டித் தயிர் 500 கிராம்', 40, 38, 0, 30, 10, 'Set curd from A2 cow milk.'],
  ['kaveri', 'Butter & Paneer', 'butter12', 'White Butter 200g', 'வெண்ணெய் 200 கிராம்', 120, 110, 0, 15, 5, 'Hand-churned unsalted white butter.'],
  ['kaveri', 'Butter & Paneer', 'paneer5', 'Fresh Paneer 200g', 'பனீர் 200 கிராம்', 95, 90, 0, 4, 5, 'Soft malai paneer made daily.'],
  ['kaveri', 'Bread & Rusk', 'bread0', 'Millet Bread 400g', 'சிறுதானிய ரொட்டி 400 கிராம்', 65, 60, 0, 20, 5, 'Soft bread baked with ragi and wheat.'],
  ['kaveri', 'Bread & Rusk', 'biscuit18', 'Ragi Rusk 200g', 'ராகி ரஸ்க் 200 கிராம்', 70, 65, 0, 22, 5, 'Twice-baked ragi rusk for tea time.'],
  ['kaveri', 'Health Drinks', 'malt18', 'Ragi Malt 500g', 'ராகி மால்ட் 500 கிராம்', 190, 175, 10, 18, 5, 'Sprouted ragi malt with cardamom and palm jaggery.'],
  ['kaveri', 'Health Drinks', 'malt18', 'Sathu Maavu 500g', 'சத்து மாவு 500 கிராம்', 210, 195, 0, 15, 5, 'Multigrain health mix of millets, pulses and nuts.'],
  ['kaveri', 'Bath Soaps', 'soap18', 'Sandal Soap 125g', 'சந்தன சோப்பு 125 கிராம்', 65, 60, 0, 40, 10, 'Handmade sandalwood and turmeric bath soap.'],
  ['kaveri', 'Skin Care', 'skin18', 'Nalangu Maavu 200g', 'நலங்கு மாவு 200 கிராம்', 120, 110, 0, 20, 5, 'Herbal bath powder of green gram, rose petals and vetiver.'],
  ['kaveri', 'Skin Care', 'skin18', 'Kasthuri Manjal Powder 100g', 'கஸ்தூரி மஞ்சள் தூள் 100 கிராம்', 80, 72, 0, 26, 6, 'Wild turmeric face powder.'],
  ['kaveri', 'Oral Care', 'dental18', 'Neem Tooth Powder 100g', 'வேப்பிலை பல்பொடி 100 கிராம்', 60, 55, 0, 30, 8, 'Herbal tooth powder with neem, clove and babul.'],
] as Row[]).map(P);

export const ANNOUNCEMENTS: Array<{ text: string; daysAgo: number }> = [
  { text: 'Pongal offer: 10% off on Ponni rice, jaggery and cashews from all our shops till 16 January.', daysAgo: 0.2 },
  { text: 'Free delivery now covers Tambaram and Velachery. Orders above ₹500 also get a delivery discount.', daysAgo: 2 },
  { text: 'Madurai malli and fresh flowers are delivered before 8 am every day from Meenakshi Traders.', daysAgo: 5 },
  { text: 'Kaveri Organics has joined the marketplace: cold-pressed oils, millets and farm vegetables.', daysAgo: 9 },
];

export interface SeedOrder {
  customer: string;
  /** Index into the customer's addresses. */
  address: number;
  vendor: SeedProduct['vendor'];
  lines: Array<[productName: string, quantity: number]>;
  hoursAgo: number;
  delivered?: boolean;
}

/** One order per checkout and vendor. Pending ones cover several delivery areas. */
export const ORDERS: SeedOrder[] = [
  { customer: 'customer', address: 0, vendor: 'murugan', hoursAgo: 230, delivered: true, lines: [['Ponni Rice 5kg', 1], ['Toor Dal 1kg', 2], ['Sambar Powder 200g', 1]] },
  { customer: 'karthik', address: 0, vendor: 'meenakshi', hoursAgo: 200, delivered: true, lines: [['Mysore Pak 250g', 2], ['Murukku 200g', 3]] },
  { customer: 'senthil', address: 1, vendor: 'kaveri', hoursAgo: 150, delivered: true, lines: [['Gingelly Oil 1L (Cold Pressed)', 2], ['Cow Ghee 500ml', 1], ['Ragi Malt 500g', 1]] },
  { customer: 'fathima', address: 0, vendor: 'meenakshi', hoursAgo: 120, lines: [['Madurai Malli 1 muzham', 4], ['Camphor Tablets 100g', 1], ['Agarbatti Sandal 100 sticks', 2]] },
  { customer: 'customer', address: 0, vendor: 'kaveri', hoursAgo: 96, lines: [['Tomato 1kg', 2], ['Small Onion 500g', 2], ['Drumstick 250g', 2], ['Curry Leaves 1 bunch', 1], ['Thick Curd 500g', 2]] },
  { customer: 'customer', address: 1, vendor: 'murugan', hoursAgo: 72, lines: [['Filter Coffee Powder 500g', 2], ['Idli Rice 5kg', 1], ['Urad Dal Whole 1kg', 1]] },
  { customer: 'karthik', address: 0, vendor: 'murugan', hoursAgo: 60, lines: [['Wheat Atta 5kg', 2], ['Groundnut Oil 1L', 3], ['Detergent Powder 1kg', 2], ['Dishwash Liquid 500ml', 1]] },
  { customer: 'karthik', address: 1, vendor: 'kaveri', hoursAgo: 40, lines: [['Banganapalli Mango 1kg', 3], ['Poovan Banana 1 dozen', 2]] },
  { customer: 'senthil', address: 0, vendor: 'meenakshi', hoursAgo: 30, lines: [['Steel Tumbler and Davara Set', 2], ['Idli Cooker 4 Plates', 1], ['Brass Kuthu Vilakku 12 inch', 1]] },
  { customer: 'senthil', address: 1, vendor: 'murugan', hoursAgo: 20, lines: [['Goli Soda 200ml', 12], ['Marie Biscuits 250g', 4], ['Nilgiris Tea Dust 250g', 1]] },
  { customer: 'fathima', address: 0, vendor: 'kaveri', hoursAgo: 8, lines: [['Thinai (Foxtail Millet) 1kg', 2], ['Coconut Oil 500ml (Cold Pressed)', 1], ['Nalangu Maavu 200g', 1]] },
  { customer: 'customer', address: 0, vendor: 'meenakshi', hoursAgo: 3, lines: [['Adhirasam 250g', 1], ['Srivilliputhur Palkova 250g', 2], ['Madras Mixture 250g', 2]] },
];

// ---- word lists for generated catalogues (seed-generate.ts) ----

export const BRANDS: Array<[en: string, ta: string]> = [
  ['Thangam', 'தங்கம்'],
  ['Kaveri', 'காவேரி'],
  ['Vaigai', 'வைகை'],
  ['Pandian', 'பாண்டியன்'],
  ['Chettinad', 'செட்டிநாடு'],
  ['Kongu', 'கொங்கு'],
  ['Amudham', 'அமுதம்'],
  ['Madhuram', 'மதுரம்'],
  ['Nila', 'நிலா'],
  ['Sembiyan', 'செம்பியன்'],
  ['Thamarai', 'தாமரை'],
  ['Annam', 'அன்னம்'],
];

export type SizeKind = 'weight' | 'volume' | 'pack' | 'bunch';
/** Sizes with the price factor against the item's base price. */
export const SIZES: Record<SizeKind, Array<[en: string, ta: string, factor: number]>> = {
  weight: [['100g', '100 கிராம்', 0.25], ['250g', '250 கிராம்', 0.55], ['500g', '500 கிராம்', 1], ['1kg', '1 கிலோ', 1.9], ['5kg', '5 கிலோ', 9]],
  volume: [['200ml', '200 மி.லி', 0.45], ['500ml', '500 மி.லி', 1], ['1L', '1 லிட்டர்', 1.9], ['5L', '5 லிட்டர்', 9]],
  pack: [['1 pc', '1', 1], ['pack of 2', '2 பாக்கெட்', 1.9], ['pack of 4', '4 பாக்கெட்', 3.6], ['pack of 6', '6 பாக்கெட்', 5.2]],
  bunch: [['1 bunch', '1 கட்டு', 1], ['2 bunches', '2 கட்டு', 1.9], ['500g', '500 கிராம்', 2.5]],
};

/** Per subcategory: what it sells (English, Tamil, base price in rupees) and how it is sized. */
export const ITEM_WORDS: Record<string, { size: SizeKind; items: Array<[string, string, number]> }> = {
  'Rice & Grains': { size: 'weight', items: [['Ponni Rice', 'பொன்னி அரிசி', 45], ['Idli Rice', 'இட்லி அரிசி', 38], ['Seeraga Samba Rice', 'சீரக சம்பா அரிசி', 80], ['Basmati Rice', 'பாஸ்மதி அரிசி', 95], ['Kuthiraivali', 'குதிரைவாலி', 70], ['Varagu', 'வரகு', 65]] },
  'Dals & Pulses': { size: 'weight', items: [['Toor Dal', 'துவரம் பருப்பு', 90], ['Urad Dal', 'உளுத்தம் பருப்பு', 85], ['Moong Dal', 'பாசிப் பருப்பு', 72], ['Chana Dal', 'கடலைப் பருப்பு', 55], ['Black Chana', 'கருப்பு கொண்டைக்கடலை', 50], ['Green Gram', 'பச்சைப் பயறு', 60]] },
  'Masalas & Spices': { size: 'weight', items: [['Sambar Powder', 'சாம்பார் பொடி', 190], ['Rasam Powder', 'ரசம் பொடி', 210], ['Turmeric Powder', 'மஞ்சள் தூள்', 140], ['Chilli Powder', 'மிளகாய் தூள்', 180], ['Coriander Powder', 'மல்லித் தூள்', 120], ['Black Pepper', 'மிளகு', 450], ['Cumin Seeds', 'சீரகம்', 300]] },
  'Oils & Ghee': { size: 'volume', items: [['Gingelly Oil', 'நல்லெண்ணெய்', 210], ['Groundnut Oil', 'கடலை எண்ணெய்', 115], ['Coconut Oil', 'தேங்காய் எண்ணெய்', 170], ['Cow Ghee', 'பசு நெய்', 340], ['Sunflower Oil', 'சூரியகாந்தி எண்ணெய்', 80]] },
  'Flours & Rava': { size: 'weight', items: [['Wheat Atta', 'கோதுமை மாவு', 30], ['Rice Flour', 'அரிசி மாவு', 36], ['Ragi Flour', 'கேழ்வரகு மாவு', 42], ['Bombay Rava', 'பம்பாய் ரவை', 38], ['Besan', 'கடலை மாவு', 60]] },
  'Fresh Vegetables': { size: 'weight', items: [['Tomato', 'தக்காளி', 20], ['Onion', 'வெங்காயம்', 22], ['Potato', 'உருளைக்கிழங்கு', 20], ['Carrot', 'கேரட்', 30], ['Beans', 'பீன்ஸ்', 35], ['Brinjal', 'கத்தரிக்காய்', 25]] },
  'Fresh Fruits': { size: 'weight', items: [['Banana', 'வாழைப்பழம்', 30], ['Mango', 'மாம்பழம்', 70], ['Guava', 'கொய்யா', 45], ['Papaya', 'பப்பாளி', 25], ['Pomegranate', 'மாதுளை', 90]] },
  'Greens & Herbs': { size: 'bunch', items: [['Curry Leaves', 'கறிவேப்பிலை', 10], ['Coriander', 'கொத்தமல்லி', 12], ['Mint', 'புதினா', 10], ['Murungai Keerai', 'முருங்கைக் கீரை', 20], ['Ponnanganni Keerai', 'பொன்னாங்கண்ணி கீரை', 20]] },
  'Milk & Curd': { size: 'volume', items: [['Toned Milk', 'பால்', 27], ['Full Cream Milk', 'கொழுப்பு நிறைந்த பால்', 34], ['Curd', 'தயிர்', 35], ['Buttermilk', 'மோர்', 15]] },
  'Butter & Paneer': { size: 'weight', items: [['Butter', 'வெண்ணெய்', 280], ['Paneer', 'பனீர்', 220], ['Cheese Slices', 'சீஸ்', 320]] },
  'Bread & Rusk': { size: 'pack', items: [['Milk Bread', 'பால் ரொட்டி', 40], ['Wheat Bread', 'கோதுமை ரொட்டி', 50], ['Rusk', 'ரஸ்க்', 45], ['Bun', 'பன்', 30]] },
  'Murukku & Savouries': { size: 'weight', items: [['Murukku', 'முறுக்கு', 170], ['Mixture', 'மிக்சர்', 160], ['Thattai', 'தட்டை', 160], ['Ribbon Pakoda', 'ரிப்பன் பக்கோடா', 160], ['Banana Chips', 'வாழைக்காய் சிப்ஸ்', 180], ['Karasev', 'காராசேவ்', 150]] },
  'Traditional Sweets': { size: 'weight', items: [['Mysore Pak', 'மைசூர் பாக்', 350], ['Adhirasam', 'அதிரசம்', 300], ['Palkova', 'பால்கோவா', 320], ['Laddu', 'லட்டு', 280], ['Kadalai Mittai', 'கடலை மிட்டாய்', 140], ['Halwa', 'அல்வா', 360]] },
  'Biscuits & Cookies': { size: 'pack', items: [['Marie Biscuits', 'மாரி பிஸ்கட்', 30], ['Coconut Cookies', 'தேங்காய் பிஸ்கட்', 45], ['Butter Biscuits', 'வெண்ணெய் பிஸ்கட்', 40], ['Cream Biscuits', 'க்ரீம் பிஸ்கட்', 35]] },
  'Coffee & Tea': { size: 'weight', items: [['Filter Coffee Powder', 'பில்டர் காபி தூள்', 320], ['Coffee Beans', 'காபி கொட்டை', 380], ['Tea Dust', 'டீ தூள்', 260], ['Green Tea', 'கிரீன் டீ', 420]] },
  'Juices & Sarbath': { size: 'volume', items: [['Nannari Sarbath', 'நன்னாரி சர்பத்', 110], ['Rose Milk Syrup', 'ரோஸ் மில்க் சிரப்', 120], ['Mango Juice', 'மாம்பழ ஜூஸ்', 70], ['Lemon Juice', 'எலுமிச்சை ஜூஸ்', 60]] },
  'Soft Drinks': { size: 'volume', items: [['Goli Soda', 'கோலி சோடா', 45], ['Paneer Soda', 'பன்னீர் சோடா', 50], ['Cola', 'கோலா', 55], ['Lemon Soda', 'லெமன் சோடா', 45]] },
  'Health Drinks': { size: 'weight', items: [['Ragi Malt', 'ராகி மால்ட்', 350], ['Sathu Maavu', 'சத்து மாவு', 390], ['Kambu Koozh Mix', 'கம்பங்கூழ் மிக்ஸ்', 220]] },
  Detergents: { size: 'weight', items: [['Detergent Powder', 'சலவைத் தூள்', 65], ['Detergent Bar', 'சலவை சோப்பு', 60], ['Liquid Detergent', 'சலவை திரவம்', 110]] },
  Dishwash: { size: 'pack', items: [['Dishwash Bar', 'பாத்திரம் தேய்க்கும் சோப்பு', 28], ['Dishwash Liquid', 'பாத்திரம் கழுவும் திரவம்', 99], ['Steel Scrubber', 'ஸ்டீல் ஸ்க்ரப்பர்', 20]] },
  'Floor & Toilet Cleaners': { size: 'volume', items: [['Floor Cleaner', 'தரை சுத்திகரிப்பான்', 95], ['Toilet Cleaner', 'கழிவறை சுத்திகரிப்பான்', 92], ['Phenyl', 'பினாயில்', 60]] },
  Kitchenware: { size: 'pack', items: [['Steel Tumbler', 'எவர்சில்வர் டம்ளர்', 90], ['Dosa Tawa', 'தோசைக் கல்', 650], ['Kadai', 'வாணலி', 540], ['Coffee Filter', 'காபி பில்டர்', 320]] },
  'Bath Soaps': { size: 'pack', items: [['Neem Soap', 'வேப்பிலை சோப்பு', 35], ['Sandal Soap', 'சந்தன சோப்பு', 55], ['Turmeric Soap', 'மஞ்சள் சோப்பு', 40], ['Aloe Vera Soap', 'கற்றாழை சோப்பு', 45]] },
  'Hair Care': { size: 'volume', items: [['Shikakai Shampoo', 'சீயக்காய் ஷாம்பு', 180], ['Hibiscus Hair Oil', 'செம்பருத்தி எண்ணெய்', 300], ['Amla Hair Oil', 'நெல்லிக்காய் எண்ணெய்', 260]] },
  'Oral Care': { size: 'pack', items: [['Toothpaste', 'பற்பசை', 90], ['Tooth Powder', 'பல்பொடி', 55], ['Toothbrush', 'பல் துலக்கும் பிரஷ்', 35]] },
  'Skin Care': { size: 'weight', items: [['Nalangu Maavu', 'நலங்கு மாவு', 280], ['Kasthuri Manjal', 'கஸ்தூரி மஞ்சள்', 360], ['Multani Mitti', 'முல்தானி மட்டி', 160]] },
  'Agarbatti & Sambrani': { size: 'pack', items: [['Sandal Agarbatti', 'சந்தன ஊதுபத்தி', 55], ['Jasmine Agarbatti', 'மல்லிகை ஊதுபத்தி', 50], ['Sambrani Cups', 'சாம்பிராணி கப்', 45], ['Dhoop Sticks', 'தூப குச்சிகள்', 60]] },
  'Camphor & Lamps': { size: 'pack', items: [['Camphor Tablets', 'கற்பூரம்', 60], ['Pachai Karpooram', 'பச்சை கற்பூரம்', 85], ['Cotton Wicks', 'பஞ்சு திரி', 20], ['Agal Vilakku', 'அகல் விளக்கு', 40]] },
  'Kumkum & Manjal': { size: 'weight', items: [['Kumkum', 'குங்குமம்', 120], ['Manjal Powder', 'மஞ்சள் பொடி', 110], ['Sandal Powder', 'சந்தனம்', 900], ['Vibhuti', 'விபூதி', 80]] },
  'Flowers & Garlands': { size: 'pack', items: [['Jasmine String', 'மல்லிகைச் சரம்', 35], ['Rose Garland', 'ரோஜா மாலை', 140], ['Marigold Garland', 'சாமந்தி மாலை', 90], ['Lotus', 'தாமரைப் பூ', 25]] },
};

/** Used for subcategories an admin added later, which have no word list of their own. */
export const GENERIC_ITEMS: { size: SizeKind; items: Array<[string, string, number]> } = {
  size: 'pack',
  items: [['Daily Essentials Pack', 'தினசரி தேவைகள் பேக்', 120], ['Combo Pack', 'காம்போ பேக்', 200], ['Gift Box', 'பரிசுப் பெட்டி', 350]],
};
