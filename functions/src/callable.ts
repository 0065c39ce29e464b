import { defineBoolean } from 'firebase-functions/params';
import type { DocumentReference, DocumentSnapshot } from 'firebase-admin/firestore';
import { HttpsError, type CallableOptions, type CallableRequest } from 'firebase-functions/v2/https';
import type { z } from 'zod';
import { randomUUID } from 'node:crypto';
import { firstIssueMessage, isStaffRole, readableIssue, STAFF_ROLE_LABELS, staffMay, storedText, type StaffPermission, type StaffRole } from '@harbor/domain';
import { db } from './admin';

/**
 * Off unless a project turns it on (functions/.env.<project-id> or the deploy prompt): a web app
 * built without VITE_APPCHECK_SITE_KEY sends no tokens. functions/.env.demo-harbor keeps it off
 * on the emulators, without a prompt.
 */
const ENFORCE_APP_CHECK = defineBoolean('ENFORCE_APP_CHECK', {
  default: false,
  description: 'Refuse callable requests without a valid App Check token (turn on once the web app is built with VITE_APPCHECK_SITE_KEY)',
});

/**
 * Every callable's options: its own plus App Check enforcement, which none can leave out.
 * onCall takes enforceAppCheck as a plain boolean and keeps it from the definition, so it is read
 * as the module loads, when a running function already has the param in its environment. Not while
 * firebase-tools loads the module to read the manifest (FUNCTIONS_CONTROL_API): no value is
 * resolved yet, the manifest does not carry enforcement, and reading would only log warnings.
 */
export function callableOptions(options: Omit<CallableOptions, 'enforceAppCheck'> = {}): CallableOptions {
  const readingManifest = process.env.FUNCTIONS_CONTROL_API === 'true';
  return { ...options, enforceAppCheck: !readingManifest && ENFORCE_APP_CHECK.value() };
}

/** Payloads above this size are refused before parsing (the platform's own limit is 10 MB). */
const MAX_PAYLOAD_BYTES = 256 * 1024;

/**
 * Whether every object in a payload is a plain object or array. A "__proto__" key survives JSON
 * but becomes the prototype of the object the callable decodes, whose inherited fields a schema
 * would then read as given.
 */
function plainData(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (depth > 32) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== Array.prototype && prototype !== null) return false;
  return Object.values(value).every((each) => plainData(each, depth + 1));
}

/** Parses a callable payload with a shared schema; bad input becomes a readable invalid-argument. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, data: unknown): z.infer<Schema> {
  if (!plainData(data)) throw new HttpsError('invalid-argument', 'The request could not be read. Please reload the page and try again.');
  let size: number;
  try {
    size = JSON.stringify(data ?? null).length;
  } catch {
    throw new HttpsError('invalid-argument', 'The request could not be read. Please reload the page and try again.');
  }
  if (size > MAX_PAYLOAD_BYTES) throw new HttpsError('invalid-argument', 'The request is too large to send at once. Please send it in smaller parts.');
  const result = schema.safeParse(data, { error: readableIssue });
  if (!result.success) throw new HttpsError('invalid-argument', firstIssueMessage(result.error));
  return result.data;
}

export function requireUser(request: CallableRequest): string {
  const uid = request.auth?.uid;
  if (!uid) throw new HttpsError('unauthenticated', 'Please sign in first.');
  return uid;
}

/** A member of the seller's staff making a call: who, by name and role, and the call's id for the audit log. */
export interface Staff {
  uid: string;
  name: string;
  role: StaffRole;
  requestId: string;
}

const STAFF_ONLY = "This is for the shop's staff only. Please sign in with a staff account.";

/** What a member of staff is told of something its role does not cover: who can do it instead. */
const roleRefusal = (role: StaffRole) =>
  `Your back-office role (${STAFF_ROLE_LABELS[role]}) cannot do this. Ask an administrator to do it, or to give you a role that can.`;

/**
 * The caller's profile, for `staffFrom`, so a staff callable reads it in one request with its own
 * first reads rather than before them. A guest is refused here, before anything is read.
 */
export function staffProfileRef(request: CallableRequest): DocumentReference {
  const uid = request.auth?.uid;
  if (!uid) throw new HttpsError('permission-denied', STAFF_ONLY);
  return db.doc(`users/${uid}`);
}

/**
 * The caller, from its profile as read (`staffProfileRef`), when the profile has a staff role that
 * may do `permission` (each of them, for a list; domain/src/staff.ts). A customer is refused as a
 * guest is, and a role without the permission is told so.
 */
export function staffFrom(profile: DocumentSnapshot, permission: StaffPermission | readonly StaffPermission[]): Staff {
  const role: unknown = profile.get('role');
  if (!isStaffRole(role)) throw new HttpsError('permission-denied', STAFF_ONLY);
  const needed = typeof permission === 'string' ? [permission] : permission;
  if (!needed.every((each) => staffMay(role, each))) throw new HttpsError('permission-denied', roleRefusal(role));
  // Made here, not taken from a header the client could set.
  return { uid: profile.id, name: storedText(profile.get('name')) || storedText(profile.get('email')), role, requestId: randomUUID() };
}

/** The caller, when its profile has a staff role that may do `permission` (staffFrom). */
export async function requireStaff(request: CallableRequest, permission: StaffPermission | readonly StaffPermission[]): Promise<Staff> {
  return staffFrom(await staffProfileRef(request).get(), permission);
}
