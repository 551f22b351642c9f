-- Personal links cannot be captured by a template (decisions.md, 'Surveys and anonymity'; issue 8).
-- From now on {{surveyLink}} stands on its own in the survey invitation's message (only whitespace
-- or the start or end of the text around it), never in the subject, and the template holds no other
-- links (URLs, www., mailto: and other schemes, <a, href=, bare domains, e-mail addresses).
--
-- Existing templates that break the rule go back to the default (NULL subject and message, see
-- effectiveTemplate in lib/surveys/email-template.ts), and every admin of the organisation gets a
-- notification saying why. Data only: no schema change.
--
-- The regular expressions below approximate the rule in PostgreSQL. The authority is the server's
-- zod schema (emailSettingsSchema in lib/surveys/email-template.ts): the running app also falls
-- back to the default for any stored template that schema refuses, so a template this
-- approximation lets through is still never used.
DO $$
DECLARE
  org uuid;
  -- Only ASCII whitespace counts as "around" the link, as in the schema.
  glued CONSTANT text := '[^ \t\r\n\f\v]\{\{[ \t\r\n\f\v]*surveyLink[ \t\r\n\f\v]*\}\}|\{\{[ \t\r\n\f\v]*surveyLink[ \t\r\n\f\v]*\}\}[^ \t\r\n\f\v]';
  any_link_variable CONSTANT text := '\{\{[ \t\r\n\f\v]*surveyLink[ \t\r\n\f\v]*\}\}';
  -- Matched case-insensitively (~*); the same alternatives as LINK_IN_WORD in the schema.
  link CONSTANT text := '://'
    || '|(^|[^a-z0-9-])www[0-9]{0,3}\.'
    || '|(^|[^a-z0-9+.-])mailto:'
    || '|(^|[^a-z0-9+.-])(tel|sms|callto|javascript|vbscript|data|file):[^ \t\r\n\f\v]'
    || '|<a([^a-z0-9-]|$)'
    || '|href[ \t\r\n\f\v]*='
    || '|(^|[^a-z0-9-])([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z][a-z0-9-]*[a-z0-9](/|:[0-9])'
    || '|(^|[^a-z0-9-])([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+(com|net|org|info|biz|edu|gov|mil|int|app|dev|xyz|top|site|online|store|shop|link|click|live|page|cloud|tech|email|website|space|fun|icu|vip|work|blog|news|art|world|today|life|group|company|agency|digital|network|solutions|services|support|help|center|zone|pro|name|mobi|tel|travel|jobs|asia|cat|coop|aero|museum|onion|example|test|invalid|local|localhost|arpa|ac|ad|ae|af|ag|ai|al|am|ao|aq|ar|as|at|au|aw|ax|az|ba|bb|bd|be|bf|bg|bh|bi|bj|bl|bm|bn|bo|bq|br|bs|bt|bv|bw|by|bz|ca|cc|cd|cf|cg|ch|ci|ck|cl|cm|cn|co|cr|cu|cv|cw|cx|cy|cz|de|dj|dk|dm|do|dz|ec|ee|eg|eh|er|es|et|eu|fi|fj|fk|fm|fo|fr|ga|gb|gd|ge|gf|gg|gh|gi|gl|gm|gn|gp|gq|gr|gs|gt|gu|gw|gy|hk|hm|hn|hr|ht|hu|id|ie|il|im|in|io|iq|ir|is|it|je|jm|jo|jp|ke|kg|kh|ki|km|kn|kp|kr|kw|ky|kz|la|lb|lc|li|lk|lr|ls|lt|lu|lv|ly|ma|mc|md|me|mf|mg|mh|mk|ml|mm|mn|mo|mp|mq|mr|ms|mt|mu|mv|mw|mx|my|mz|na|nc|ne|nf|ng|ni|nl|no|np|nr|nu|nz|om|pa|pe|pf|pg|ph|pk|pl|pm|pn|pr|ps|pt|pw|py|qa|re|ro|rs|ru|rw|sa|sb|sc|sd|se|sg|sh|si|sj|sk|sl|sm|sn|so|sr|ss|st|su|sv|sx|sy|sz|tc|td|tf|tg|th|tj|tk|tl|tm|tn|to|tr|tt|tv|tw|tz|ua|ug|uk|um|us|uy|uz|va|vc|ve|vg|vi|vn|vu|wf|ws|ye|yt|za|zm|zw)([^a-z0-9-]|$)'
    || '|[^ \t\r\n\f\v@]@([a-z0-9-]+\.)+[a-z]{2}'
    || '|(^|[^0-9.])[0-9]{1,3}(\.[0-9]{1,3}){3}([^0-9.]|$)';
  -- Variables inside a word are tried empty and filled, as the schema does: collector{{firstName}}.com/r.
  variable CONSTANT text := '\{\{[^{}]*\}\}';
BEGIN
  -- FORCE ROW LEVEL SECURITY applies to the table owner too: each organisation in turn, scoped as
  -- withOrg() does (the owner may list organisations: the owner_lookup policy of 20261122000100).
  FOR org IN SELECT id FROM "Organization" LOOP
    PERFORM set_config('app.org_id', org::text, true);

    UPDATE "Organization" o SET "emailSubject" = NULL, "emailBody" = NULL
    WHERE o.id = org
      AND (
        (o."emailSubject" IS NOT NULL AND (
          o."emailSubject" ~ any_link_variable
          OR o."emailSubject" ~* link
          OR regexp_replace(o."emailSubject", variable, '', 'g') ~* link
          OR regexp_replace(o."emailSubject", variable, 'name', 'g') ~* link))
        OR
        (o."emailBody" IS NOT NULL AND (
          o."emailBody" !~ any_link_variable
          OR btrim(o."emailBody", E' \t\r\n\f\v') ~ glued
          OR o."emailBody" ~* link
          OR regexp_replace(o."emailBody", variable, '', 'g') ~* link
          OR regexp_replace(o."emailBody", variable, 'name', 'g') ~* link))
      );

    IF FOUND THEN
      INSERT INTO "Notification" ("organizationId", id, "userId", type, title, message, "actionUrl", "actionText")
      SELECT org, gen_random_uuid(), u.id, 'email_template_reset',
             'Survey invitation e-mail reset to the default',
             'Your survey invitation e-mail has been reset to the default template. Personal survey links must '
               || 'now stand on their own in the message ({{surveyLink}} with a space or line break around it), '
               || 'and the template may hold no other links or e-mail addresses; your template did not follow '
               || 'these rules. You can edit the template again in Settings > Email Settings.',
             '/settings', 'Open Settings'
      FROM "User" u
      WHERE u."organizationId" = org AND u.role = 'admin';
    END IF;
  END LOOP;
  PERFORM set_config('app.org_id', '', true);
END
$$;
