// Created once by openapi-zod-ts. This file is yours: edit the schemas, it is never overwritten.

import { z } from "zod";

export const PetStatusSchema = z.enum(["available", "pending", "sold"]);

export const PetSchema = z.object({
  id: z.int().min(1),
  name: z.string().min(1).max(100),
  tag: z.string().optional(),
  status: PetStatusSchema,
});

export const NewPetSchema = z.object({
  name: z.string().min(1).max(100),
  tag: z.string().optional(),
  status: PetStatusSchema.optional(),
});

export const PetPageSchema = z.object({
  items: z.array(PetSchema),
  total: z.int().min(0),
  limit: z.int(),
  offset: z.int(),
  nextOffset: z.int().nullable(),
});

export const Error2Schema = z.object({
  statusCode: z.int(),
  error: z.string(),
  message: z.string(),
});

export const ValidationError2Schema = z.object({
  error: z.string(),
  issues: z.array(
    z.object({
      code: z.string(),
      path: z.array(z.union([z.string(), z.int()])),
      message: z.string(),
    }),
  ),
});
