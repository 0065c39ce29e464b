/**
 * Products as CSV rows, both ways. The columns are the fields of the shared product schema
 * (`productInputSchema`), so a field added there becomes a column here; money columns hold
 * decimals ("12.50") converted to cents exactly, tiers read "10:17.99;40:16.99". A field the
 * schema gives a default (backorderable, restockDate) may be left out of a file or a row, so files
 * written before it existed still import: the default applies.
 */
import { z } from 'zod';
import { PRODUCT_CATEGORIES, type Product } from './product';
import { productInputSchema, type ProductInput, type ValidProduct } from './productSchema';

/** Fields the CSV leaves out: how an edit applies stock (expectedStock) and where an upload lives (imagePath). */
const NOT_IN_CSV = new Set(['expectedStock', 'imagePath']);
const MONEY_FIELDS = new Set(['price']);

type FieldKind = 'text' | 'integer' | 'money' | 'boolean' | 'tiers';

function kindOf(key: string, schema: z.core.$ZodType): FieldKind {
  if (MONEY_FIELDS.has(key)) return 'money';
  if (key === 'tiers') return 'tiers';
  const def = schema._zod.def as unknown as { type: string; innerType?: z.core.$ZodType };
  if ((def.type === 'optional' || def.type === 'default') && def.innerType) return kindOf(key, def.innerType);
  const type = def.type;
  if (type === 'number') return 'integer';
  if (type === 'boolean') return 'boolean';
  return 'text';
}

/** Whether a file must hold the column: not for the id (a new product) nor for a field with a default. */
const isRequired = (key: string, schema: z.core.$ZodType) => key !== 'id' && (schema._zod.def as unknown as { type: string }).type !== 'default';

export const PRODUCT_CSV_COLUMNS: readonly { key: string; kind: FieldKind; required: boolean }[] = Object.entries(productInputSchema.shape)
  .filter(([key]) => !NOT_IN_CSV.has(key))
  .map(([key, schema]) => ({ key, kind: kindOf(key, schema as z.core.$ZodType), required: isRequired(key, schema as z.core.$ZodType) }));

/** The rows a 250-product batch of an import holds at most (one callable call, one transaction). */
export const PRODUCT_IMPORT_BATCH = 250;

const decimal = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

function cellOf(product: Product, key: string, kind: FieldKind): string {
  const value = (product as unknown as Record<string, unknown>)[key];
  switch (kind) {
    case 'money':
      return decimal(value as number);
    case 'tiers':
      return product.tiers.map((tier) => `${tier.minQty}:${decimal(tier.price)}`).join(';');
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      return value === undefined ? '' : String(value);
  }
}

/** The header and one row per product, ready for a CSV writer. */
export function productsCsvTable(products: readonly Product[]): string[][] {
  return [PRODUCT_CSV_COLUMNS.map((column) => column.key), ...products.map((product) => PRODUCT_CSV_COLUMNS.map(({ key, kind }) => cellOf(product, key, kind)))];
}

/** An amount typed as a decimal ("12.5", "12.50", "1,234.56", "$3") in exact cents, or why not. */
export function centsFromDecimal(text: string, label: string): number | string {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (/^-/.test(cleaned)) return `${label} must not be negative.`;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return `${label} must be an amount such as 12.50, not "${text.trim().slice(0, 40)}".`;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export interface CsvProblem {
  /** The line of the file (the header is line 1). */
  row: number;
  column: string;
  message: string;
}

export interface ParsedImport {
  products: { row: number; input: ValidProduct }[];
  problems: CsvProblem[];
}

const labelOf = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

/** One CSV row as product input (without the cells that could not be read) and the problems of its cells. */
function candidateOf(record: Record<string, string>, row: number): { input: Record<string, unknown>; problems: CsvProblem[] } {
  // An import never sets an uploaded image's path: the server keeps the stored one.
  const input: Record<string, unknown> = { imagePath: '' };
  const problems: CsvProblem[] = [];
  for (const { key, kind, required } of PRODUCT_CSV_COLUMNS) {
    const text = (record[key] ?? '').trim();
    const problem = (message: string) => problems.push({ row, column: key, message });
    // An empty optional cell (or column) is left to the schema: its default, or a new product's id.
    if (!required && !text) continue;
    switch (kind) {
      case 'money': {
        const cents = centsFromDecimal(text, labelOf(key));
        if (typeof cents === 'string') problem(cents);
        else input[key] = cents;
        break;
      }
      case 'integer':
        if (!/^-?\d+$/.test(text)) problem(`${labelOf(key)} must be a whole number, not "${text.slice(0, 40)}".`);
        else input[key] = Number(text);
        break;
      case 'boolean':
        if (/^(true|yes|1)$/i.test(text)) input[key] = true;
        else if (/^(false|no|0)$/i.test(text)) input[key] = false;
        else problem(`${labelOf(key)} must be true or false.`);
        break;
      case 'tiers': {
        const tiers = text ? text.split(';').map((part) => part.trim().split(':')) : [];
        const parsed = tiers.map(([quantity = '', price = '']) => ({ minQty: /^\d+$/.test(quantity.trim()) ? Number(quantity) : NaN, price: centsFromDecimal(price, 'Tier price') }));
        const bad = parsed.find((tier) => Number.isNaN(tier.minQty) || typeof tier.price === 'string');
        if (bad) problem(typeof bad.price === 'string' && !Number.isNaN(bad.minQty) ? bad.price : 'Tiers must read like "10:17.99;40:16.99" (quantity:price).');
        else input[key] = parsed;
        break;
      }
      default:
        if (key === 'sku' && !text) problem('SKU is required.');
        else input[key] = text;
    }
  }
  return { input, problems };
}

/** A file has no list to choose from (the form's message): it is told the categories there are. */
function unknownCategory(text: string): string {
  const categories = PRODUCT_CATEGORIES.join(', ');
  return text.trim() ? `Category "${text.trim().slice(0, 40)}" is not one of the shop's: ${categories}.` : `Category is required: one of ${categories}.`;
}

/**
 * Every row checked with the shared product schema: the products to send, or the problems by row
 * and column (missing or unknown columns, malformed cells, a SKU on two rows). `onProgress` is told
 * the rows done; the work yields to the page every few hundred rows, so 5,000 rows never freeze it.
 * `lines`: the line of the file each record starts on; without it, record n is on line n + 2 (a
 * header line, then one line per record).
 */
export async function productsFromCsv(
  header: readonly string[],
  records: readonly Record<string, string>[],
  onProgress?: (done: number) => void,
  lines?: readonly number[],
): Promise<ParsedImport> {
  const problems: CsvProblem[] = [];
  const known = new Set(PRODUCT_CSV_COLUMNS.map((column) => column.key));
  for (const column of PRODUCT_CSV_COLUMNS) {
    if (column.required && !header.includes(column.key)) problems.push({ row: 1, column: column.key, message: `The file has no "${column.key}" column.` });
  }
  for (const column of header) if (!known.has(column)) problems.push({ row: 1, column, message: `"${column}" is not a product column (${[...known].join(', ')}).` });
  if (problems.length) return { products: [], problems };

  const products: ParsedImport['products'] = [];
  const skuRows = new Map<string, number>();
  for (let index = 0; index < records.length; index++) {
    if (index % 250 === 249) {
      onProgress?.(index);
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    const row = lines?.[index] ?? index + 2;
    const candidate = candidateOf(records[index]!, row);
    const result = productInputSchema.safeParse(candidate.input);
    if (candidate.problems.length > 0 || !result.success) {
      // Every problem of the row at once: its unreadable cells, then what the schema finds in the
      // others (a cell that could not be read is not reported again as missing).
      problems.push(...candidate.problems);
      const reported = new Set(candidate.problems.map((problem) => problem.column));
      for (const issue of result.success ? [] : result.error.issues) {
        const column = String(issue.path[0] ?? '');
        if (!reported.has(column)) problems.push({ row, column, message: column === 'category' ? unknownCategory(records[index]!.category ?? '') : issue.message });
      }
      continue;
    }
    const earlier = skuRows.get(result.data.sku);
    if (earlier) {
      problems.push({ row, column: 'sku', message: `SKU ${result.data.sku} is also on line ${earlier}.` });
      continue;
    }
    skuRows.set(result.data.sku, row);
    products.push({ row, input: result.data });
  }
  onProgress?.(records.length);
  return { products, problems };
}

/** The CSV fields in which a stored product differs from an imported one. */
export function changedProductFields(existing: Product, incoming: ProductInput): string[] {
  return PRODUCT_CSV_COLUMNS.filter(({ key }) => key !== 'id')
    .filter(({ key }) => JSON.stringify((existing as unknown as Record<string, unknown>)[key] ?? null) !== JSON.stringify((incoming as Record<string, unknown>)[key] ?? null))
    .map(({ key }) => key);
}

/** One batch of an import: checked again on the server, applied only when `apply`. */
export const importProductsInputSchema = z.strictObject({
  products: z.array(productInputSchema).min(1, 'The file has no products to import.').max(PRODUCT_IMPORT_BATCH, `A batch holds at most ${PRODUCT_IMPORT_BATCH} products.`),
  apply: z.boolean('apply must be true or false.'),
});
export type ImportProductsInput = z.input<typeof importProductsInputSchema>;

export interface ImportedProduct {
  sku: string;
  id: string;
  outcome: 'new' | 'changed' | 'unchanged';
  /** For a changed product, the fields that differ. */
  fields: string[];
}

export interface ImportProductsResult {
  products: ImportedProduct[];
  applied: boolean;
}
