// Every code the service can answer, with its status and its one default message. Clients
// branch on the code, people read the message: a code means one situation and says one
// thing, so a call site passes its own message only to name what it knows more (a figure,
// a name, which field) — never to describe the same situation differently.
// The contract's ErrorResponse lists these codes; adding one here is a contract change.

type ErrorStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 414 | 415 | 422 | 429 | 500 | 503

export const ERROR_CODES = {
  // The request itself: answered by the framework, the validator or any route.
  BAD_REQUEST: { status: 400, message: 'Requête invalide.' },
  VALIDATION_ERROR: { status: 400, message: 'Un champ de la requête est invalide.' },
  UNAUTHORIZED: { status: 401, message: 'Authentification requise.' },
  FORBIDDEN: { status: 403, message: 'Votre rôle ne permet pas cette opération.' },
  NOT_FOUND: { status: 404, message: 'Ressource introuvable.' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Méthode non prise en charge à cette adresse.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Corps de requête trop volumineux.' },
  URI_TOO_LONG: { status: 414, message: 'Adresse trop longue : un paramètre du chemin dépasse 100 caractères.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Type de contenu non pris en charge : envoyez du JSON (Content-Type: application/json).' },
  INVALID_IDEMPOTENCY_KEY: { status: 400, message: 'En-tête Idempotency-Key invalide : 1 à 255 caractères imprimables.' },
  IDEMPOTENCY_KEY_IN_USE: { status: 409, message: 'Une requête portant la même clé d’idempotence est encore en cours : réessayez dans un instant.' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, message: 'Cette clé d’idempotence a déjà servi pour une autre requête.' },
  RATE_LIMITED: { status: 429, message: 'Trop de requêtes : réessayez dans une minute.' },
  INTERNAL_ERROR: { status: 500, message: 'Erreur interne. Elle a été journalisée avec l’identifiant de requête.' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Service momentanément indisponible (base de données injoignable). Réessayez dans un instant.' },

  // Accounts, people and teams.
  INVALID_CREDENTIALS: { status: 401, message: 'E-mail ou mot de passe incorrect, ou compte inactif.' },
  ACCOUNT_INACTIVE: { status: 401, message: "Ce compte de démonstration n'est pas actif." },
  NOT_A_DEMO_ACCOUNT: { status: 403, message: "Ce compte n'est pas un compte de démonstration." },
  INVALID_ACTIVATION_LINK: { status: 400, message: "Lien d'activation invalide, expiré ou déjà utilisé." },
  ADMIN_ONLY: { status: 403, message: 'Seul un administrateur peut gérer un compte administrateur.' },
  ROLE_NOT_GRANTABLE: { status: 403, message: 'Vous ne pouvez pas attribuer ce rôle : il donne des droits que votre rôle n’a pas.' },
  OWN_ROLE: { status: 403, message: 'Vous ne pouvez pas changer votre propre rôle.' },
  UNKNOWN_ROLE: { status: 400, message: 'Rôle inconnu.' },
  UNKNOWN_TEAM: { status: 400, message: 'Équipe inconnue.' },
  UNKNOWN_SITE: { status: 400, message: 'Site inconnu.' },
  SITE_NOT_TOP_LEVEL: { status: 400, message: 'Un utilisateur est rattaché à des sites, pas à des zones.' },
  UNKNOWN_USER: { status: 400, message: 'Utilisateur inconnu.' },
  EMAIL_TAKEN: { status: 409, message: 'Cette adresse e-mail est déjà utilisée.' },
  ALREADY_ACTIVATED: { status: 409, message: 'Ce compte est déjà activé.' },
  ACCOUNT_DISABLED: { status: 409, message: 'Ce compte est désactivé : réactivez-le avant de renvoyer une invitation.' },
  SELF_LOCKOUT: { status: 409, message: 'Vous ne pouvez pas désactiver votre propre compte.' },
  LAST_ADMINISTRATOR: { status: 409, message: 'Il doit rester au moins un administrateur actif.' },
  TEAM_NAME_TAKEN: { status: 409, message: 'Ce nom d’équipe est déjà utilisé.' },

  // Locations, partners, categories, assets and meters.
  INVALID_PARENT: { status: 400, message: 'Un emplacement ne peut pas être son propre parent.' },
  UNKNOWN_PARENT: { status: 400, message: 'Emplacement parent inconnu.' },
  LOCATION_TOO_DEEP: { status: 400, message: 'Hiérarchie trop profonde : un site contient des zones, une zone seulement des équipements.' },
  SITE_IN_USE: { status: 409, message: 'Des utilisateurs sont rattachés à ce site : il ne peut pas devenir une zone.' },
  INVALID_PARTNER: { status: 400, message: 'Le partenaire doit être un client (gestionnaire) actif.' },
  PARTNER_NAME_TAKEN: { status: 409, message: 'Ce nom de partenaire est déjà utilisé.' },
  PARTNER_IN_USE: { status: 409, message: 'Ce partenaire est utilisé : son type ne peut plus changer.' },
  CATEGORY_NAME_TAKEN: { status: 409, message: 'Ce nom de catégorie est déjà utilisé pour ce type.' },
  REFERENCE_VALUE_TAKEN: { status: 409, message: 'Ce libellé existe déjà pour ce champ du rapport.' },
  INVALID_CATEGORY: { status: 400, message: 'La catégorie doit être une catégorie d’équipement active.' },
  INVALID_COMPONENT_TYPE: { status: 400, message: 'Le type de composant doit être une catégorie active de type composant.' },
  UNKNOWN_LOCATION: { status: 400, message: 'Emplacement inconnu : choisissez un site ou une zone existant.' },
  UNKNOWN_INSPECTION: { status: 400, message: 'Contrôle technique inconnu pour cet équipement.' },
  INVALID_INSPECTION: { status: 400, message: 'Contrôle technique non valide.' },
  UNKNOWN_ASSET: { status: 400, message: 'Équipement inconnu ou hors des sites qui vous sont attribués.' },
  ASSET_REFERENCE_TAKEN: { status: 409, message: 'Cette référence d’équipement est déjà utilisée.' },
  INVALID_PERIOD: { status: 400, message: 'Période invalide : un premier et un dernier jour, au plus 366 jours.' },
  UNKNOWN_METER: { status: 400, message: 'Ce compteur n’appartient pas à cet équipement.' },
  READING_NOT_INCREASING: { status: 400, message: 'Le relevé doit être supérieur au précédent.' },
  READING_IN_FUTURE: { status: 400, message: 'La date du relevé ne peut pas être dans le futur.' },
  READING_OUT_OF_ORDER: { status: 400, message: 'La date du relevé ne peut pas précéder celle du dernier relevé.' },

  // Requests, work orders and their costs.
  ALREADY_HANDLED: { status: 409, message: 'Cette demande a déjà été traitée (approuvée ou rejetée).' },
  INVALID_ASSIGNEE: { status: 400, message: 'Chaque intervenant doit être un utilisateur actif dont le rôle permet de travailler sur les ordres de travail et qui a accès au site de l’équipement.' },
  WORK_ORDER_CLOSED: { status: 409, message: 'Cet ordre de travail est terminé ou annulé : il ne peut plus être modifié.' },
  TRANSITION_NOT_ALLOWED: { status: 409, message: 'Ce changement de statut n’est pas permis.' },
  REASON_REQUIRED: { status: 400, message: 'Indiquez le motif.' },
  CLOSURE_BLOCKED: { status: 409, message: 'L’ordre de travail ne peut pas encore être terminé.' },
  INVALID_REPORT_VALUE: { status: 400, message: 'Chaque champ du rapport doit être une valeur active de ce champ.' },
  INVALID_RELEASE_TIME: { status: 400, message: 'Heure de libération de la personne bloquée invalide.' },
  INVALID_BREAKDOWN_TIME: { status: 400, message: 'Heure du dépannage invalide.' },
  BREAKDOWN_TIME_SET: { status: 409, message: 'Cette heure du dépannage est déjà enregistrée : seul un dispatcher peut la corriger.' },
  TIME_CORRECTION_FORBIDDEN: { status: 403, message: 'Votre rôle ne permet pas de corriger une heure du dépannage déjà enregistrée.' },
  UNKNOWN_PART: { status: 400, message: 'Pièce inconnue.' },
  PRICE_UNKNOWN: { status: 409, message: 'Le prix unitaire de cette pièce n’est pas encore connu (ni réception ni entrée chiffrée) : elle ne peut pas être consommée.' },
  INSUFFICIENT_STOCK: { status: 409, message: 'Stock insuffisant : le stock d’une pièce ne peut pas devenir négatif. Rien n’a été enregistré.' },
  HOURLY_RATE_UNDEFINED: { status: 409, message: 'Le taux horaire de cette personne n’est pas renseigné : son temps ne peut pas être enregistré.' },
  INVALID_LABOR_PERSON: { status: 400, message: 'La personne doit être un utilisateur actif pouvant intervenir sur cet ordre de travail.' },
  LABOR_FOR_OTHERS: { status: 403, message: 'Votre rôle ne permet d’enregistrer que votre propre temps.' },
  INVALID_WORK_DATE: { status: 400, message: 'La date travaillée ne peut pas être dans le futur.' },
  TASK_TEMPLATE_TAKEN: { status: 409, message: 'Une tâche de maintenance porte déjà ce libellé.' },
  MONTH_OUT_OF_RANGE: { status: 400, message: 'Ce mois ne peut pas être généré : il est hors de la période permise.' },

  // Purchasing.
  INVALID_SUPPLIER: { status: 400, message: 'Le fournisseur doit être un partenaire actif de type fournisseur.' },

  // Documents, dictation and the assistant.
  DOCUMENT_TYPE_REFUSED: { status: 400, message: 'Type de fichier refusé : PDF, JPG ou PNG uniquement.' },
  DOCUMENT_TOO_LARGE: { status: 400, message: 'Fichier trop volumineux.' },
  ATTACHMENT_REQUIRED: { status: 400, message: 'Rattachez le document à un équipement ou à un ordre de travail (l’un des deux).' },
  AUDIO_TYPE_REFUSED: { status: 400, message: 'Format audio non reconnu (webm, ogg, mp3, m4a ou wav).' },
  AI_UNAVAILABLE: { status: 503, message: 'Le service d’IA ne répond pas ; réessayez plus tard.' },
  DICTATION_DISABLED: { status: 503, message: 'Dictée non activée sur ce serveur.' },
  REINDEX_FAILED: { status: 503, message: 'La réindexation a échoué ; l’index précédent reste en service. Réessayez plus tard.' },
} as const satisfies Record<string, { status: ErrorStatus; message: string }>

export type ErrorCode = keyof typeof ERROR_CODES

/** The codes answered with one status, so that `conflict('UNKNOWN_PART')` does not type-check. */
export type CodeWithStatus<S extends ErrorStatus> = { [C in ErrorCode]: (typeof ERROR_CODES)[C]['status'] extends S ? C : never }[ErrorCode]

/** In declaration order, for the contract's enum. */
export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as ErrorCode[]
