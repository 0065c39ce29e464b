import { getDocs, query, where } from 'firebase/firestore/lite';
import type { AcceptInvitationInput, CreateInvitationInput, Invitation, MemberRole, SaveCompanyAddressesInput, SpendingLimits, UpdateBillingEmailInput, UpdateMemberInput, WithdrawInvitationInput } from '@harbor/domain';
import { api, queryResult } from '../../lib/api';
import { callFunction } from '../../lib/callable';
import { invitationCollection } from '../../lib/converters/invitationCollection';
import { db } from '../../lib/firebase';

/** The owner's list of open invitations; sending, withdrawing and removing a member change it. */
const OPEN_INVITATIONS = { type: 'Company', id: 'INVITATIONS' } as const;

/** A company's members: invitations by the owner (listed while open, withdrawn), accepted by the invited address; the owner sets roles and limits and removes members. */
const companyBuyersApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The company's invitations still marked open, newest first (the owner's read; expired ones are left to the page). */
    getOpenInvitations: build.query<Invitation[], string>({
      queryFn: (companyId) =>
        queryResult(async () => {
          const open = await getDocs(query(invitationCollection(db), where('companyId', '==', companyId), where('status', '==', 'open')));
          return open.docs.map((invitation) => invitation.data()).sort((a, b) => b.createdAt - a.createdAt);
        }, 'The open invitations could not be loaded. Please try again.'),
      providesTags: [OPEN_INVITATIONS],
    }),
    createInvitation: build.mutation<{ code: string }, CreateInvitationInput>({
      queryFn: (input) => queryResult(() => callFunction<CreateInvitationInput, { code: string }>('createInvitation', input), 'The invitation could not be created. Please try again.'),
      invalidatesTags: [OPEN_INVITATIONS],
    }),
    withdrawInvitation: build.mutation<{ code: string }, WithdrawInvitationInput>({
      queryFn: (input) => queryResult(() => callFunction<WithdrawInvitationInput, { code: string }>('withdrawInvitation', input), 'The invitation could not be withdrawn. Please try again.'),
      invalidatesTags: [OPEN_INVITATIONS],
    }),
    acceptInvitation: build.mutation<{ companyId: string }, AcceptInvitationInput>({
      queryFn: (input) => queryResult(() => callFunction<AcceptInvitationInput, { companyId: string }>('acceptInvitation', input), 'The invitation could not be accepted. Please try again.'),
      // The profile now names the company, whose prices and terms apply.
      invalidatesTags: ['Profile', 'Company', 'Order'],
    }),
    saveCompanyAddresses: build.mutation<{ companyId: string }, SaveCompanyAddressesInput>({
      queryFn: (input) => queryResult(() => callFunction<SaveCompanyAddressesInput, { companyId: string }>('saveCompanyAddresses', input), 'The addresses could not be saved. Please try again.'),
      invalidatesTags: ['Company'],
    }),
    updateBillingEmail: build.mutation<{ companyId: string; billingEmail: string }, UpdateBillingEmailInput>({
      queryFn: (input) =>
        queryResult(() => callFunction<UpdateBillingEmailInput, { companyId: string; billingEmail: string }>('updateBillingEmail', input), 'The billing e-mail address could not be saved. Please try again.'),
      invalidatesTags: ['Company'],
    }),
    removeBuyer: build.mutation<{ uid: string }, string>({
      queryFn: (uid) => queryResult(() => callFunction<{ uid: string }, { uid: string }>('removeBuyer', { uid }), 'The buyer could not be removed. Please try again.'),
      // The company, and its open invitations to the member, which removal closes.
      invalidatesTags: ['Company'],
    }),
    updateMember: build.mutation<{ uid: string; role: MemberRole } & SpendingLimits, UpdateMemberInput>({
      queryFn: (input) => queryResult(() => callFunction<UpdateMemberInput, { uid: string; role: MemberRole } & SpendingLimits>('updateMember', input), 'The change could not be saved. Please try again.'),
      // The company holds roles and limits; a new approver sees the orders awaiting approval.
      invalidatesTags: ['Company', { type: 'Order', id: 'APPROVALS' }],
    }),
  }),
});

export const {
  useGetOpenInvitationsQuery,
  useCreateInvitationMutation,
  useWithdrawInvitationMutation,
  useAcceptInvitationMutation,
  useRemoveBuyerMutation,
  useSaveCompanyAddressesMutation,
  useUpdateMemberMutation,
  useUpdateBillingEmailMutation,
} = companyBuyersApi;
