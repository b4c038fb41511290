// The parts errors: French messages for people, stable codes for clients.
import { badRequest, conflict, findPgError, notFound } from '../../http/errors.ts'

export const notFoundPart = () => notFound('Pièce introuvable.')

/** A part's supplier and a purchase order's: the same refusal in both places. */
export const invalidSupplier = () =>
  badRequest('INVALID_SUPPLIER', undefined, [{ field: 'supplierId', message: 'fournisseur inconnu, inactif ou client' }])

export const insufficientStock = (available: number) => conflict(
  'INSUFFICIENT_STOCK',
  `Stock insuffisant : ${available} en stock, le stock d’une pièce ne peut pas devenir négatif. Rien n’a été enregistré.`,
)

/**
 * The ledger's trigger adds each movement to parts.quantity, and parts_quantity_check refuses
 * a negative result: the backstop behind the row lock, for any writer.
 */
export function isNegativeStock(err: unknown): boolean {
  const e = findPgError(err)
  return e?.code === '23514' && e.constraint === 'parts_quantity_check'
}

export const negativeStock = () => conflict('INSUFFICIENT_STOCK')
