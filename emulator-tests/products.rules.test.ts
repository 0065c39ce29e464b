import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { doc, getDoc, setDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { useRulesEnvironment } from './harness';

const env = useRulesEnvironment({ 'products/p1': { name: 'Sparkling water', price: 1899, active: true } });

describe('products rules', () => {
  it('lets an anonymous visitor read an active product', async () => {
    await assertSucceeds(getDoc(doc(env().unauthenticatedContext().firestore(), 'products/p1')));
  });

  it('refuses an anonymous visitor writing a product', async () => {
    const db = env().unauthenticatedContext().firestore();
    await assertFails(setDoc(doc(db, 'products/p1'), { name: 'Free water', price: 0, active: true }));
    await assertFails(setDoc(doc(db, 'products/new'), { name: 'Planted', price: 1, active: true }));
  });
});
