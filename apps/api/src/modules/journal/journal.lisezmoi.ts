/** The README of an archive (journal.archive.ts), in French: how to check it with standard tools. */
export const LISEZMOI = `Archive du journal inaltérable — Comptoir
==========================================

Cette archive contient un segment de la chaîne du journal d’une boutique\u00A0: toutes les entrées
(ventes, retours, règlements, caisse, factures, avoirs, clôtures) depuis l’entrée qui suit la
clôture précédente de même période jusqu’à la clôture mensuelle ou annuelle archivée.

Fichiers
--------
- journal.txt\u00A0: une entrée par ligne, sous sa forme canonique (JSON, clés triées, sans espace).
- empreintes.txt\u00A0: pour chaque entrée, «\u00A0numéro empreinte_précédente empreinte\u00A0» (SHA-256, hexa).
- jet.txt et jet-empreintes.txt\u00A0: de même, le journal des événements techniques (connexions,
  exports, archives, vérifications en échec, paramètres, prix, anomalies d’horloge) depuis
  l’archive précédente de même période jusqu’à la clôture archivée, chaîné à part.
- signatures/<numéro>.sig\u00A0: signature Ed25519 (64 octets bruts) de chaque clôture.
- cle-publique.pem\u00A0: clé publique Ed25519 de l’installation (aussi affichée dans «\u00A0Intégrité\u00A0»).
- manifeste.txt\u00A0: empreinte SHA-256 de chacun des fichiers ci-dessus.
- manifeste.sig\u00A0: signature Ed25519 du fichier manifeste.txt.

Vérifier avec des outils standard (sha256sum, openssl 3)
---------------------------------------------------------
1. La signature du manifeste, puis les fichiers qu’il décrit\u00A0:

   openssl pkeyutl -verify -pubin -inkey cle-publique.pem -rawin -in manifeste.txt -sigfile manifeste.sig
   sha256sum -c manifeste.txt

2. Les deux chaînes, le journal puis les événements techniques\u00A0: l’empreinte d’une entrée est
le SHA-256 de son «\u00A0empreinte précédente\u00A0», d’un saut de ligne, puis de sa ligne canonique
(sans saut de ligne final). Chaque entrée doit avoir pour empreinte précédente l’empreinte de
l’entrée d’avant\u00A0:

   for j in journal jet; do
     [ $j = journal ] && emp=empreintes.txt || emp=jet-empreintes.txt
     prev=$(head -n 1 $emp | cut -d ' ' -f 2)
     paste -d '\\n' $emp $j.txt | while IFS= read -r e && IFS= read -r ligne; do
       set -- $e
       [ "$2" = "$prev" ] || echo "$j.txt : rupture avant l'entrée $1"
       h=$(printf '%s\\n%s' "$2" "$ligne" | sha256sum | cut -d ' ' -f 1)
       [ "$h" = "$3" ] || echo "$j.txt : entrée $1 modifiée"
       prev=$3
     done
   done

3. Les clôtures\u00A0: la signature de chacune porte sur les mêmes octets que son empreinte.

   for sig in signatures/*.sig; do
     n=$(basename "$sig" .sig); i=$(grep -n "^$n " empreintes.txt | cut -d: -f1)
     printf '%s\\n%s' "$(sed -n "$i"p empreintes.txt | cut -d ' ' -f 2)" "$(sed -n "$i"p journal.txt)" > message.bin
     printf 'clôture %s : ' "$n"
     openssl pkeyutl -verify -pubin -inkey cle-publique.pem -rawin -in message.bin -sigfile "$sig"
   done

Chaque vérification d’openssl doit répondre «\u00A0Signature Verified Successfully\u00A0», sha256sum
«\u00A0OK\u00A0» pour chaque fichier, et la boucle de l’étape 2 ne rien afficher.
`;
