import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { QuickOrderProblem } from '@harbor/domain';

export interface QuickOrderReport {
  added: { sku: string; name: string; quantity: number }[];
  problems: QuickOrderProblem[];
}

interface QuickOrderState {
  /** What is in the box: kept here because the cart page swaps its empty layout for the full one when lines are added. */
  text: string;
  report: QuickOrderReport | null;
}

const initialState: QuickOrderState = { text: '', report: null };

export const quickOrderSlice = createSlice({
  name: 'quickOrder',
  initialState,
  reducers: {
    quickOrderTyped(state, action: PayloadAction<string>) {
      state.text = action.payload;
    },
    /** After adding: the report, and only the lines that need correcting left in the box. */
    quickOrderReported(state, action: PayloadAction<{ report: QuickOrderReport; remainingText: string }>) {
      state.report = action.payload.report;
      state.text = action.payload.remainingText;
    },
  },
  selectors: {
    selectQuickOrder: (state) => state,
  },
});

export const { quickOrderTyped, quickOrderReported } = quickOrderSlice.actions;
export const { selectQuickOrder } = quickOrderSlice.selectors;
