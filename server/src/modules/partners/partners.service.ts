import { uuidv7 } from 'uuidv7'
import type { Platform } from '../module.ts'
import { conflict, isUniqueViolation, notFound } from '../../http/errors.ts'
import type { Static } from '../../http/schema-kit.ts'
import * as q from './partners.queries.ts'
import type { PartnerCreate, PartnersQuery, PartnerUpdate } from './partners.schemas.ts'
import { cleanText } from '../../lib/text.ts'

const nameTaken = () => conflict('PARTNER_NAME_TAKEN')

export class PartnersService {
  readonly #deps: Pick<Platform, 'database' | 'clock'>
  constructor(deps: Pick<Platform, 'database' | 'clock'>) { this.#deps = deps }

  get #db() { return this.#deps.database.db }

  // Partners are reference data without an owner: the PURCHASE_ORDERS view right (checked by
  // the route) is all a reader needs.
  async list(filter: Static<typeof PartnersQuery>) {
    return { partners: await q.listPartners(this.#db, filter) }
  }

  async create(input: Static<typeof PartnerCreate>) {
    const id = uuidv7()
    try {
      // The unique index decides between concurrent creators: one insert wins, the others 409.
      await q.insertPartner(this.#db, {
        id,
        name: input.name.trim(),
        kind: input.kind,
        contactName: cleanText(input.contactName) ?? null,
        email: input.email?.trim() ?? null,
        phone: cleanText(input.phone) ?? null,
        address: cleanText(input.address) ?? null,
        createdAt: this.#deps.clock.now(),
      })
    } catch (err) {
      if (isUniqueViolation(err, q.PARTNER_NAME_KEY)) throw nameTaken()
      throw err
    }
    return (await q.partnerById(this.#db, id))!
  }

  async update(id: string, input: Static<typeof PartnerUpdate>) {
    await this.#db.transaction(async (tx) => {
      const current = await q.lockPartner(tx, id, 'update')
      if (!current) throw notFound('Partenaire introuvable.')
      // Sites link to clients only: turning a linked client into a supplier would break them.
      if (input.kind === 'SUPPLIER' && current.kind === 'CLIENT' && (await q.countLinkedLocations(tx, id)) > 0) {
        throw conflict('PARTNER_IN_USE', 'Ce client est rattaché à des sites : il ne peut pas devenir fournisseur.')
      }
      // Parts name suppliers only (they lock the partner FOR SHARE while linking it).
      if (input.kind === 'CLIENT' && current.kind === 'SUPPLIER' && (await q.countLinkedParts(tx, id)) > 0) {
        throw conflict('PARTNER_IN_USE', 'Ce fournisseur est celui de pièces du stock : il ne peut pas devenir client.')
      }
      await q.updatePartnerRow(tx, id, {
        ...(input.name !== undefined ? { name: input.name.trim() } : {}),
        ...(input.kind !== undefined ? { kind: input.kind } : {}),
        ...(input.contactName !== undefined ? { contactName: cleanText(input.contactName) } : {}),
        ...(input.email !== undefined ? { email: input.email?.trim() ?? null } : {}),
        ...(input.phone !== undefined ? { phone: cleanText(input.phone) } : {}),
        ...(input.address !== undefined ? { address: cleanText(input.address) } : {}),
        ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
      })
    }).catch((err) => {
      if (isUniqueViolation(err, q.PARTNER_NAME_KEY)) throw nameTaken()
      throw err
    })
    return (await q.partnerById(this.#db, id))!
  }
}
