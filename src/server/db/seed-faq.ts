/** Demo FAQ: real answers in English, French and Spanish, grouped by topic (topic labels are localized). */
import type { LocaleCode } from './schema-types'

export interface DemoContentEntry {
  code: string
  position: number
  topic: Record<LocaleCode, string> | null
  text: Record<LocaleCode, { title: string; body: string }>
}

const gettingStarted = { en: 'Getting started', fr: 'Premiers pas', es: 'Primeros pasos' }
const missionsTopic = { en: 'Missions', fr: 'Missions', es: 'Misiones' }
const payments = { en: 'Payments', fr: 'Paiements', es: 'Pagos' }
const account = { en: 'Account', fr: 'Compte', es: 'Cuenta' }

export const demoFaq: DemoContentEntry[] = [
  {
    code: 'what-is-streamdeals',
    position: 10,
    topic: gettingStarted,
    text: {
      en: {
        title: 'What is Streamdeals?',
        body: 'Streamdeals connects streamers with brands. Brands publish paid **missions**; you take the ones that fit your channel, share your personal tracking link with your viewers and earn money for every valid visit or when you reach the goal.',
      },
      fr: {
        title: 'Qu’est-ce que Streamdeals ?',
        body: 'Streamdeals met en relation streamers et marques. Les marques publient des **missions** rémunérées ; vous choisissez celles qui correspondent à votre chaîne, partagez votre lien de suivi personnel avec vos spectateurs et gagnez de l’argent pour chaque visite valide ou lorsque vous atteignez l’objectif.',
      },
      es: {
        title: '¿Qué es Streamdeals?',
        body: 'Streamdeals conecta a streamers con marcas. Las marcas publican **misiones** remuneradas; tú eliges las que encajan con tu canal, compartes tu enlace de seguimiento personal con tu audiencia y ganas dinero por cada visita válida o al alcanzar el objetivo.',
      },
    },
  },
  {
    code: 'how-to-start',
    position: 20,
    topic: gettingStarted,
    text: {
      en: {
        title: 'How do I get started?',
        body: '1. Create an account and confirm your e-mail address.\n2. Browse the available missions and subscribe to one.\n3. Copy your tracking link from the mission’s tools page and share it on stream.\n4. Add the goal widget to OBS so your viewers can follow your progress.',
      },
      fr: {
        title: 'Comment commencer ?',
        body: '1. Créez un compte et confirmez votre adresse e-mail.\n2. Parcourez les missions disponibles et inscrivez-vous à l’une d’elles.\n3. Copiez votre lien de suivi depuis la page outils de la mission et partagez-le en live.\n4. Ajoutez le widget d’objectif dans OBS pour que vos spectateurs suivent votre progression.',
      },
      es: {
        title: '¿Cómo empiezo?',
        body: '1. Crea una cuenta y confirma tu dirección de correo.\n2. Explora las misiones disponibles y suscríbete a una.\n3. Copia tu enlace de seguimiento en la página de herramientas de la misión y compártelo en directo.\n4. Añade el widget de objetivo a OBS para que tu audiencia siga tu progreso.',
      },
    },
  },
  {
    code: 'install-app',
    position: 30,
    topic: gettingStarted,
    text: {
      en: {
        title: 'Can I install Streamdeals on my phone?',
        body: 'Yes. Open Streamdeals in your browser and choose **Add to home screen** (or **Install**). The app then opens like any other app and shows your deals and earnings even without a connection; changes arrive as soon as you are back online.',
      },
      fr: {
        title: 'Puis-je installer Streamdeals sur mon téléphone ?',
        body: 'Oui. Ouvrez Streamdeals dans votre navigateur et choisissez **Ajouter à l’écran d’accueil** (ou **Installer**). L’application s’ouvre alors comme les autres et affiche vos deals et vos gains même sans connexion ; les nouveautés arrivent dès que vous êtes de nouveau en ligne.',
      },
      es: {
        title: '¿Puedo instalar Streamdeals en mi móvil?',
        body: 'Sí. Abre Streamdeals en tu navegador y elige **Añadir a la pantalla de inicio** (o **Instalar**). La aplicación se abre como cualquier otra y muestra tus deals y ganancias incluso sin conexión; los cambios llegan en cuanto vuelves a estar en línea.',
      },
    },
  },
  {
    code: 'reward-models',
    position: 40,
    topic: missionsTopic,
    text: {
      en: {
        title: 'How are missions paid?',
        body: 'There are two reward models. **Per click**: every valid visit through your link credits a small amount to your wallet. **Fixed**: you receive the whole reward once your deal reaches the mission’s goal. The model and the amount are shown on every mission.',
      },
      fr: {
        title: 'Comment les missions sont-elles rémunérées ?',
        body: 'Il existe deux modèles. **Au clic** : chaque visite valide via votre lien crédite un petit montant sur votre portefeuille. **Fixe** : vous recevez la prime complète quand votre deal atteint l’objectif de la mission. Le modèle et le montant sont indiqués sur chaque mission.',
      },
      es: {
        title: '¿Cómo se pagan las misiones?',
        body: 'Hay dos modelos de recompensa. **Por clic**: cada visita válida desde tu enlace abona una pequeña cantidad en tu monedero. **Fija**: recibes la recompensa completa cuando tu deal alcanza el objetivo de la misión. El modelo y la cantidad aparecen en cada misión.',
      },
    },
  },
  {
    code: 'valid-clicks',
    position: 50,
    topic: missionsTopic,
    text: {
      en: {
        title: 'Which clicks count?',
        body: 'One visit per viewer and per deal counts every 24 hours. Repeated visits, visits after a mission has ended or run out of budget, and visits to a stopped deal are recorded on your events page with the reason, but they are not paid.',
      },
      fr: {
        title: 'Quels clics sont comptés ?',
        body: 'Une visite par spectateur et par deal est comptée toutes les 24 heures. Les visites répétées, celles qui arrivent après la fin de la mission ou l’épuisement de son budget, et celles vers un deal arrêté sont enregistrées sur votre page d’événements avec leur motif, mais ne sont pas rémunérées.',
      },
      es: {
        title: '¿Qué clics cuentan?',
        body: 'Cuenta una visita por espectador y por deal cada 24 horas. Las visitas repetidas, las que llegan cuando la misión ha terminado o se ha quedado sin presupuesto y las de un deal detenido se registran en tu página de eventos con su motivo, pero no se pagan.',
      },
    },
  },
  {
    code: 'goal-widget',
    position: 60,
    topic: missionsTopic,
    text: {
      en: {
        title: 'How do I show the goal widget on stream?',
        body: 'Open your deal, copy the widget address and add it to OBS as a **Browser source**. The background is transparent and the bar updates live. Keep the address private: anyone who has it can display your progress.',
      },
      fr: {
        title: 'Comment afficher le widget d’objectif en live ?',
        body: 'Ouvrez votre deal, copiez l’adresse du widget et ajoutez-la dans OBS comme **Source navigateur**. Le fond est transparent et la barre se met à jour en direct. Gardez cette adresse privée : toute personne qui la possède peut afficher votre progression.',
      },
      es: {
        title: '¿Cómo muestro el widget de objetivo en directo?',
        body: 'Abre tu deal, copia la dirección del widget y añádela en OBS como **Fuente de navegador**. El fondo es transparente y la barra se actualiza en directo. Mantén la dirección en privado: cualquiera que la tenga puede mostrar tu progreso.',
      },
    },
  },
  {
    code: 'get-paid',
    position: 70,
    topic: payments,
    text: {
      en: {
        title: 'How do I withdraw my earnings?',
        body: 'Create your wallet, add a bank account (IBAN) and certify your identity by uploading a document. Once your certification is verified, you can request a payout from your wallet page. The minimum payout is €10.',
      },
      fr: {
        title: 'Comment retirer mes gains ?',
        body: 'Créez votre portefeuille, ajoutez un compte bancaire (IBAN) et certifiez votre identité en envoyant un justificatif. Une fois la certification validée, vous pouvez demander un virement depuis la page de votre portefeuille. Le montant minimum est de 10 €.',
      },
      es: {
        title: '¿Cómo retiro mis ganancias?',
        body: 'Crea tu monedero, añade una cuenta bancaria (IBAN) y certifica tu identidad subiendo un documento. Cuando tu certificación esté verificada, podrás solicitar una transferencia desde la página de tu monedero. El importe mínimo es de 10 €.',
      },
    },
  },
  {
    code: 'payout-delay',
    position: 80,
    topic: payments,
    text: {
      en: {
        title: 'How long does a payout take?',
        body: 'Payouts are reviewed by our team on working days and usually reach your bank within 3 to 5 working days. If a transfer fails, the amount goes back to your wallet balance and the reason is shown in your transactions.',
      },
      fr: {
        title: 'Combien de temps prend un virement ?',
        body: 'Les virements sont traités par notre équipe les jours ouvrés et arrivent en général sur votre compte sous 3 à 5 jours ouvrés. Si un virement échoue, le montant revient sur le solde de votre portefeuille et le motif apparaît dans vos transactions.',
      },
      es: {
        title: '¿Cuánto tarda una transferencia?',
        body: 'Nuestro equipo revisa las transferencias en días laborables y suelen llegar a tu banco en 3 a 5 días laborables. Si una transferencia falla, el importe vuelve al saldo de tu monedero y el motivo aparece en tus transacciones.',
      },
    },
  },
  {
    code: 'business-wallet',
    position: 90,
    topic: payments,
    text: {
      en: {
        title: 'Can I be paid as a company?',
        body: 'Yes. When you create your wallet, choose **Business** and enter your company name, registration number and, if you have one, your VAT number. You will be asked for a company registration document during certification.',
      },
      fr: {
        title: 'Puis-je être payé en tant qu’entreprise ?',
        body: 'Oui. À la création de votre portefeuille, choisissez **Entreprise** et indiquez la raison sociale, le numéro d’immatriculation et, le cas échéant, votre numéro de TVA. Un extrait d’immatriculation vous sera demandé lors de la certification.',
      },
      es: {
        title: '¿Puedo cobrar como empresa?',
        body: 'Sí. Al crear tu monedero, elige **Empresa** e indica la razón social, el número de registro y, si lo tienes, tu número de IVA. Durante la certificación se te pedirá un documento de registro de la empresa.',
      },
    },
  },
  {
    code: 'forgot-password',
    position: 100,
    topic: account,
    text: {
      en: {
        title: 'I forgot my password. What can I do?',
        body: 'Choose **Forgot password** on the sign-in page and enter your e-mail address. You will receive a link valid for one hour to choose a new password; for your safety, all your open sessions are then signed out.',
      },
      fr: {
        title: 'J’ai oublié mon mot de passe. Que faire ?',
        body: 'Choisissez **Mot de passe oublié** sur la page de connexion et saisissez votre adresse e-mail. Vous recevrez un lien valable une heure pour choisir un nouveau mot de passe ; par sécurité, toutes vos sessions ouvertes sont alors déconnectées.',
      },
      es: {
        title: 'He olvidado mi contraseña. ¿Qué hago?',
        body: 'Elige **He olvidado mi contraseña** en la página de inicio de sesión e introduce tu correo. Recibirás un enlace válido durante una hora para elegir una nueva contraseña; por seguridad, se cerrarán todas tus sesiones abiertas.',
      },
    },
  },
  {
    code: 'delete-account',
    position: 110,
    topic: account,
    text: {
      en: {
        title: 'How do I change my details or close my account?',
        body: 'You can change your avatar, phone number and language in your profile at any time. To close your account, write to us through the contact form; any remaining balance above the minimum payout is paid out first.',
      },
      fr: {
        title: 'Comment modifier mes informations ou fermer mon compte ?',
        body: 'Vous pouvez modifier votre avatar, votre numéro de téléphone et votre langue à tout moment dans votre profil. Pour fermer votre compte, écrivez-nous via le formulaire de contact ; le solde restant au-dessus du minimum de virement vous est d’abord versé.',
      },
      es: {
        title: '¿Cómo cambio mis datos o cierro mi cuenta?',
        body: 'Puedes cambiar tu avatar, tu teléfono y tu idioma en tu perfil en cualquier momento. Para cerrar tu cuenta, escríbenos desde el formulario de contacto; antes te pagaremos el saldo restante que supere el mínimo de transferencia.',
      },
    },
  },
]
