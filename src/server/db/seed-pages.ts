/** Demo terms of service and home page blocks, in English, French and Spanish. */
import type { DemoContentEntry } from './seed-faq'

export const demoTerms: DemoContentEntry[] = [
  {
    code: 'acceptance',
    position: 10,
    topic: null,
    text: {
      en: {
        title: '1. Acceptance of the terms',
        body: 'By creating an account or using Streamdeals you accept these terms. If you do not agree with them, please do not use the service. You must be at least 18 years old, or have the consent of a parent or guardian, to take part in paid missions.',
      },
      fr: {
        title: '1. Acceptation des conditions',
        body: 'En créant un compte ou en utilisant Streamdeals, vous acceptez les présentes conditions. Si vous n’êtes pas d’accord, merci de ne pas utiliser le service. Vous devez avoir au moins 18 ans, ou l’accord d’un parent ou tuteur, pour participer aux missions rémunérées.',
      },
      es: {
        title: '1. Aceptación de las condiciones',
        body: 'Al crear una cuenta o usar Streamdeals aceptas estas condiciones. Si no estás de acuerdo, no utilices el servicio. Debes tener al menos 18 años, o el consentimiento de tu padre, madre o tutor, para participar en misiones remuneradas.',
      },
    },
  },
  {
    code: 'accounts',
    position: 20,
    topic: null,
    text: {
      en: {
        title: '2. Your account',
        body: 'You are responsible for the information you give us and for keeping your password secret. One person may hold only one account. We may suspend an account used to break these terms.',
      },
      fr: {
        title: '2. Votre compte',
        body: 'Vous êtes responsable des informations que vous nous fournissez et de la confidentialité de votre mot de passe. Une personne ne peut détenir qu’un seul compte. Nous pouvons suspendre un compte utilisé en violation des présentes conditions.',
      },
      es: {
        title: '2. Tu cuenta',
        body: 'Eres responsable de la información que nos facilitas y de mantener tu contraseña en secreto. Cada persona solo puede tener una cuenta. Podemos suspender una cuenta utilizada para incumplir estas condiciones.',
      },
    },
  },
  {
    code: 'missions',
    position: 30,
    topic: null,
    text: {
      en: {
        title: '3. Missions and fair play',
        body: 'Rewards are paid only for genuine interest from real viewers. Buying traffic, using bots, asking viewers to click repeatedly or hiding links in misleading content is forbidden; the related rewards are cancelled and the account may be closed. Always disclose sponsored content to your audience as the law of your country requires.',
      },
      fr: {
        title: '3. Missions et loyauté',
        body: 'Les primes ne sont versées que pour l’intérêt réel de vrais spectateurs. Il est interdit d’acheter du trafic, d’utiliser des robots, de demander aux spectateurs de cliquer plusieurs fois ou de cacher des liens dans un contenu trompeur ; les primes concernées sont annulées et le compte peut être fermé. Signalez toujours le contenu sponsorisé à votre audience comme l’exige la loi de votre pays.',
      },
      es: {
        title: '3. Misiones y juego limpio',
        body: 'Las recompensas solo se pagan por el interés real de espectadores reales. Está prohibido comprar tráfico, usar bots, pedir a la audiencia que haga clic repetidamente u ocultar enlaces en contenido engañoso; las recompensas afectadas se anulan y la cuenta puede cerrarse. Indica siempre a tu audiencia el contenido patrocinado, como exija la ley de tu país.',
      },
    },
  },
  {
    code: 'payments',
    position: 40,
    topic: null,
    text: {
      en: {
        title: '4. Earnings and payouts',
        body: 'Earnings are credited to your wallet in euros. Payouts require a verified identity (or company) and a bank account in your name. You are responsible for declaring your income and paying any taxes due. We may correct an amount credited by mistake.',
      },
      fr: {
        title: '4. Gains et virements',
        body: 'Les gains sont crédités sur votre portefeuille en euros. Les virements nécessitent une identité (ou une entreprise) vérifiée et un compte bancaire à votre nom. Vous êtes responsable de la déclaration de vos revenus et du paiement des impôts dus. Nous pouvons corriger un montant crédité par erreur.',
      },
      es: {
        title: '4. Ganancias y transferencias',
        body: 'Las ganancias se abonan en tu monedero en euros. Las transferencias requieren una identidad (o empresa) verificada y una cuenta bancaria a tu nombre. Eres responsable de declarar tus ingresos y pagar los impuestos correspondientes. Podemos corregir un importe abonado por error.',
      },
    },
  },
  {
    code: 'privacy',
    position: 50,
    topic: null,
    text: {
      en: {
        title: '5. Personal data',
        body: 'We process your data only to run the service, pay you and meet our legal obligations. Identity documents are stored privately and seen only by you and the staff who review them. Visitor data used to validate clicks is kept as a one-way fingerprint, never as a readable address.',
      },
      fr: {
        title: '5. Données personnelles',
        body: 'Nous traitons vos données uniquement pour faire fonctionner le service, vous payer et respecter nos obligations légales. Les pièces d’identité sont conservées de façon privée et ne sont vues que par vous et l’équipe qui les vérifie. Les données des visiteurs servant à valider les clics sont conservées sous forme d’empreinte irréversible, jamais en clair.',
      },
      es: {
        title: '5. Datos personales',
        body: 'Tratamos tus datos solo para prestar el servicio, pagarte y cumplir nuestras obligaciones legales. Los documentos de identidad se guardan de forma privada y solo los ves tú y el equipo que los revisa. Los datos de los visitantes que sirven para validar los clics se guardan como una huella irreversible, nunca en claro.',
      },
    },
  },
  {
    code: 'changes',
    position: 60,
    topic: null,
    text: {
      en: {
        title: '6. Changes to these terms',
        body: 'We may update these terms. We will tell you by e-mail at least 15 days before an important change takes effect; continuing to use Streamdeals after that date means you accept the new terms.',
      },
      fr: {
        title: '6. Modification des conditions',
        body: 'Nous pouvons mettre à jour ces conditions. Nous vous prévenons par e-mail au moins 15 jours avant l’entrée en vigueur d’un changement important ; continuer à utiliser Streamdeals après cette date vaut acceptation des nouvelles conditions.',
      },
      es: {
        title: '6. Cambios en las condiciones',
        body: 'Podemos actualizar estas condiciones. Te avisaremos por correo al menos 15 días antes de que entre en vigor un cambio importante; seguir usando Streamdeals después de esa fecha supone aceptar las nuevas condiciones.',
      },
    },
  },
]

export const demoHome: DemoContentEntry[] = [
  {
    code: 'hero',
    position: 10,
    topic: null,
    text: {
      en: {
        title: 'Get paid for what you already do on stream',
        body: 'Pick missions from brands that fit your channel, share one link and watch your earnings grow live.',
      },
      fr: {
        title: 'Soyez payé pour ce que vous faites déjà en live',
        body: 'Choisissez des missions de marques qui correspondent à votre chaîne, partagez un lien et suivez vos gains en direct.',
      },
      es: {
        title: 'Cobra por lo que ya haces en directo',
        body: 'Elige misiones de marcas que encajen con tu canal, comparte un enlace y mira cómo crecen tus ganancias en directo.',
      },
    },
  },
  {
    code: 'step-choose',
    position: 20,
    topic: null,
    text: {
      en: {
        title: 'Choose a mission',
        body: 'Games, drinks, events: every mission shows its reward up front.',
      },
      fr: {
        title: 'Choisissez une mission',
        body: 'Jeux, boissons, événements : chaque mission affiche sa prime.',
      },
      es: { title: 'Elige una misión', body: 'Juegos, bebidas, eventos: cada misión muestra su recompensa.' },
    },
  },
  {
    code: 'step-share',
    position: 30,
    topic: null,
    text: {
      en: { title: 'Share your link', body: 'Pin it in chat and add the goal widget to OBS in one click.' },
      fr: {
        title: 'Partagez votre lien',
        body: 'Épinglez-le dans le chat et ajoutez le widget d’objectif à OBS.',
      },
      es: { title: 'Comparte tu enlace', body: 'Fíjalo en el chat y añade el widget de objetivo a OBS.' },
    },
  },
  {
    code: 'step-earn',
    position: 40,
    topic: null,
    text: {
      en: { title: 'Get paid', body: 'Valid clicks are credited live; withdraw to your bank from €10.' },
      fr: { title: 'Soyez payé', body: 'Les clics valides sont crédités en direct ; virement dès 10 €.' },
      es: { title: 'Cobra', body: 'Los clics válidos se abonan en directo; retira a tu banco desde 10 €.' },
    },
  },
  {
    code: 'for-brands',
    position: 50,
    topic: null,
    text: {
      en: {
        title: 'You are a brand?',
        body: 'Reach engaged audiences through streamers who choose you. Pay only for real visits or for goals reached. Write to us through the contact form.',
      },
      fr: {
        title: 'Vous êtes une marque ?',
        body: 'Touchez des audiences engagées grâce aux streamers qui vous choisissent. Ne payez que les visites réelles ou les objectifs atteints. Écrivez-nous via le formulaire de contact.',
      },
      es: {
        title: '¿Eres una marca?',
        body: 'Llega a audiencias comprometidas a través de streamers que te eligen. Paga solo por visitas reales u objetivos alcanzados. Escríbenos desde el formulario de contacto.',
      },
    },
  },
]
