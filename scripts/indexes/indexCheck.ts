/**
 * Does `firestore.indexes.json` serve every recorded query shape? Production refuses a query whose
 * index is missing (the emulators never do), so this check reads the two files and says, per
 * shape, which index to declare. It follows Firestore's index rules:
 * - every field gets single-field indexes (ascending, descending, array-contains) in collection
 *   scope automatically, unless a field override replaces them; collection-group scope only
 *   through an override;
 * - equality filters alone (`==`, `in`, `array-contains`) are served by merging single-field
 *   indexes, as is ordering or a range on one field without other filters;
 * - anything else (equality with an order or range on another field, two ordered fields) needs a
 *   composite index: the equality fields first, in any order, then the ordered fields in order.
 */
import { DOCUMENT_ID, describeShape, withoutImpliedDocumentId, type Direction, type QueryScope, type QueryShape } from './queryShapes';

interface IndexField {
  fieldPath: string;
  order?: Direction;
  arrayConfig?: 'CONTAINS';
}

export interface DeclaredIndex {
  collectionGroup: string;
  queryScope: QueryScope;
  fields: IndexField[];
}

export interface FieldOverride {
  collectionGroup: string;
  fieldPath: string;
  indexes: { queryScope: QueryScope; order?: Direction; arrayConfig?: 'CONTAINS' }[];
}

export interface IndexesFile {
  indexes: DeclaredIndex[];
  fieldOverrides?: FieldOverride[];
}

const EQUALITY = new Set(['EQUAL', 'IN']);
const CONTAINS = new Set(['ARRAY_CONTAINS', 'ARRAY_CONTAINS_ANY']);

/** What a query needs of one field: a way to find equal values (any order), an array's members, or an order. */
type FieldNeed = { fieldPath: string; kind: 'equality' } | { fieldPath: string; kind: 'contains' } | { fieldPath: string; kind: 'order'; direction: Direction };

/** The index fields a shape needs: its equality and contains fields, then its ordered fields in order. */
function fieldNeeds(shape: QueryShape): { equal: FieldNeed[]; ordered: FieldNeed[] } {
  const ordered: FieldNeed[] = shape.orderBy.map((order) => ({ fieldPath: order.fieldPath, kind: 'order', direction: order.direction }));
  // A range is served in the field's order: ascending unless the query orders it otherwise.
  for (const filter of shape.filters) {
    const isRange = !EQUALITY.has(filter.op) && !CONTAINS.has(filter.op);
    if (isRange && !ordered.some((need) => need.fieldPath === filter.fieldPath)) ordered.push({ fieldPath: filter.fieldPath, kind: 'order', direction: 'ASCENDING' });
  }
  const equal: FieldNeed[] = shape.filters
    .filter((filter) => EQUALITY.has(filter.op) || CONTAINS.has(filter.op))
    .filter((filter) => !ordered.some((need) => need.fieldPath === filter.fieldPath))
    .map((filter) => ({ fieldPath: filter.fieldPath, kind: CONTAINS.has(filter.op) ? 'contains' : 'equality' }));
  return { equal, ordered };
}

/** True when single-field indexes serve the shape (merged, for equality filters alone). */
export function needsCompositeIndex(shape: QueryShape): boolean {
  const { equal, ordered } = fieldNeeds(shape);
  const orderedFields = ordered.filter((need) => need.fieldPath !== DOCUMENT_ID);
  if (orderedFields.length === 0) return false;
  return equal.length > 0 || orderedFields.length > 1 || ordered.length > orderedFields.length;
}

function fieldMatches(field: IndexField, need: FieldNeed): boolean {
  if (field.fieldPath !== need.fieldPath) return false;
  if (need.kind === 'contains') return field.arrayConfig === 'CONTAINS';
  if (need.kind === 'equality') return Boolean(field.order);
  return field.order === need.direction;
}

function indexServes(index: DeclaredIndex, shape: QueryShape): boolean {
  if (index.collectionGroup !== shape.collectionGroup || index.queryScope !== shape.queryScope) return false;
  const fields = withoutImpliedDocumentId(index.fields, (field) => field.order);
  const { equal, ordered } = fieldNeeds(shape);
  if (fields.length !== equal.length + ordered.length) return false;
  const equalPart = fields.slice(0, equal.length);
  const orderedPart = fields.slice(equal.length);
  return equal.every((need) => equalPart.some((field) => fieldMatches(field, need))) && ordered.every((need, position) => fieldMatches(orderedPart[position]!, need));
}

/** The `firestore.indexes.json` entry a shape needs, for the message that asks for it. */
function suggestedIndex(shape: QueryShape): DeclaredIndex {
  const { equal, ordered } = fieldNeeds(shape);
  return {
    collectionGroup: shape.collectionGroup,
    queryScope: shape.queryScope,
    fields: [...equal, ...ordered].map((need) =>
      need.kind === 'contains' ? { fieldPath: need.fieldPath, arrayConfig: 'CONTAINS' } : { fieldPath: need.fieldPath, order: need.kind === 'order' ? need.direction : 'ASCENDING' },
    ),
  };
}

/** Problems with the single-field indexes a shape relies on: an override that removed them, or a collection group without one. */
function singleFieldProblems(shape: QueryShape, overrides: FieldOverride[]): string[] {
  const { equal, ordered } = fieldNeeds(shape);
  return [...equal, ...ordered]
    .filter((need) => need.fieldPath !== DOCUMENT_ID)
    .flatMap((need) => {
      const override = overrides.find((candidate) => candidate.collectionGroup === shape.collectionGroup && candidate.fieldPath === need.fieldPath);
      if (!override) {
        return shape.queryScope === 'COLLECTION' ? [] : [`${describeShape(shape)}: needs a field override of ${need.fieldPath} with a COLLECTION_GROUP index`];
      }
      const served = override.indexes.some((index) => index.queryScope === shape.queryScope && fieldMatches({ fieldPath: need.fieldPath, ...index }, need));
      return served ? [] : [`${describeShape(shape)}: the field override of ${need.fieldPath} leaves no ${shape.queryScope} index this query can use`];
    });
}

export interface IndexCheck {
  /** One line per shape that production would refuse. */
  problems: string[];
  /** Declared composite indexes that no recorded shape uses. */
  unused: string[];
}

export function checkIndexes(shapes: QueryShape[], file: IndexesFile): IndexCheck {
  const problems: string[] = [];
  const used = new Set<DeclaredIndex>();
  for (const shape of shapes) {
    if (!needsCompositeIndex(shape)) {
      problems.push(...singleFieldProblems(shape, file.fieldOverrides ?? []));
      continue;
    }
    const index = file.indexes.find((candidate) => indexServes(candidate, shape));
    if (index) used.add(index);
    else problems.push(`${describeShape(shape)}: no composite index; declare ${JSON.stringify(suggestedIndex(shape))}`);
  }
  const unused = file.indexes
    .filter((index) => !used.has(index))
    .map((index) => `${index.collectionGroup} (${index.fields.map((field) => `${field.fieldPath} ${field.arrayConfig ?? field.order}`).join(', ')})`);
  return { problems, unused };
}
