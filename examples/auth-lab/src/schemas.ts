// Created once by openapi-zod-ts, then edited by hand (the login messages and the contact rule
// below). openapi-zod-ts never overwrites it; the generated types, client and router use these
// schemas.

import { z } from "zod";

// Hand-written: messages the login form shows under its fields (zod's defaults read
// "Too small: expected string to have >=1 characters").
export const LoginRequestSchema = z.object({
  username: z.string("Username is required").min(1, "Username is required"),
  password: z.string("Password is required"),
});

export const UserSchema = z.object({ id: z.string(), name: z.string() });

export const LoginResponseSchema = z.object({
  token: z.string(),
  user: UserSchema,
});

/** Blank after trimming counts as missing. */
function isBlank(value: string | undefined): boolean {
  return value === undefined || value.trim() === "";
}

// Hand-written: the cross-field rule that the spec cannot express. The generated client checks
// it before sending, the fastify router before the service runs (400).
export const ContactRequestSchema = z
  .object({
    method: z.enum(["email", "phone"]),
    email: z.string().optional(),
    phone: z.string().optional(),
    message: z.string().min(1, "Message is required"),
  })
  .superRefine((contact, ctx) => {
    if (contact.method === "email" && isBlank(contact.email)) {
      ctx.addIssue({
        code: "custom",
        path: ["email"],
        message: "Email is required when method is email",
      });
    }
    if (contact.method === "phone" && isBlank(contact.phone)) {
      ctx.addIssue({
        code: "custom",
        path: ["phone"],
        message: "Phone is required when method is phone",
      });
    }
  });

export const ContactResponseSchema = z.object({
  accepted: z.boolean(),
  method: z.enum(["email", "phone"]),
});

export const ValidationErrorBodySchema = z.object({
  statusCode: z.int(),
  error: z.string(),
  message: z.string(),
  issues: z.array(
    z.object({
      code: z.string(),
      path: z.array(z.union([z.string(), z.int()])),
      message: z.string(),
    }),
  ),
});

export const HttpErrorBodySchema = z.object({
  statusCode: z.int(),
  error: z.string(),
  message: z.string(),
});
