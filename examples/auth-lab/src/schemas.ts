// Created once by openapi-zod-ts, then edited by hand (the login messages and the contact rule
// below). openapi-zod-ts never overwrites it; the generated types, client and router use these
// schemas. Each builds on its base in generated/schema-bases.ts, which follows the spec: a
// property added there reaches these schemas, and the rules written here stay.

import { z } from "zod";
import {
  ContactRequestBase,
  ContactResponseBase,
  HttpErrorBodyBase,
  LoginRequestBase,
  LoginResponseBase,
  UserBase,
  ValidationErrorBodyBase,
} from "./generated/schema-bases.js";

// Hand-written: messages the login form shows under its fields (zod's defaults read
// "Too small: expected string to have >=1 characters").
export const LoginRequestSchema = /* @__PURE__ */ (() =>
  LoginRequestBase.extend({
    username: z.string("Username is required").min(1, "Username is required"),
    password: z.string("Password is required"),
  }))();

export const UserSchema = UserBase;

export const LoginResponseSchema = LoginResponseBase;

/** Blank after trimming counts as missing. */
function isBlank(value: string | undefined): boolean {
  return value === undefined || value.trim() === "";
}

// Hand-written: the cross-field rule that the spec cannot express. The generated client checks
// it before sending, the fastify router before the service runs (400).
export const ContactRequestSchema = /* @__PURE__ */ (() =>
  ContactRequestBase.extend({
    message: z.string().min(1, "Message is required"),
  }).superRefine((contact, ctx) => {
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
  }))();

export const ContactResponseSchema = ContactResponseBase;

export const ValidationErrorBodySchema = ValidationErrorBodyBase;

export const HttpErrorBodySchema = HttpErrorBodyBase;
