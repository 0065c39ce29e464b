import { z } from 'zod';
import { registerCompanyInputSchema, shippingAddressSchema } from '@harbor/domain';

const email = z.string().trim().min(1, 'Please enter your e-mail address.').email('Please enter a valid e-mail address.');

export const loginSchema = z.object({
  email,
  password: z.string().min(1, 'Please enter your password.'),
});
export type LoginValues = z.infer<typeof loginSchema>;

const newPassword = z
  .string()
  .min(8, 'Use at least 8 characters.')
  .max(128, 'Use at most 128 characters.')
  .regex(/[A-Za-z]/, 'Use at least one letter.')
  .regex(/\d/, 'Use at least one number.');

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Please enter your current password.'),
    newPassword,
    confirmPassword: z.string().min(1, 'Please repeat the new password.'),
  })
  .refine((values) => values.newPassword === values.confirmPassword, { message: 'The passwords do not match.', path: ['confirmPassword'] });
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

export const registerSchema = z
  .object({
    name: z.string().trim().min(1, 'Please enter your name.').max(100, 'Name is too long (at most 100 characters).'),
    company: z.string().trim().min(1, 'Please enter your company name.').max(150, 'Company is too long (at most 150 characters).'),
    taxId: registerCompanyInputSchema.shape.taxId,
    phone: registerCompanyInputSchema.shape.phone,
    shippingAddress: registerCompanyInputSchema.shape.shippingAddress,
    /** Invoices go to the shipping address unless a billing address is given. */
    billToShipping: z.boolean(),
    billingAddress: shippingAddressSchema,
    email,
    password: newPassword,
    confirmPassword: z.string().min(1, 'Please repeat your password.'),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: 'The passwords do not match.',
    path: ['confirmPassword'],
  });
export type RegisterValues = z.output<typeof registerSchema>;
export type RegisterInput = z.input<typeof registerSchema>;
