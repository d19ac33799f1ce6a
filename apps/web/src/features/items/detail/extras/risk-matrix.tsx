import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { riskLevel } from '@pc/shared';
import { useTranslation } from 'react-i18next';
import { matrixOverall, onScale, placeRisks, type RiskPoint, riskTint, riskTone, SCALE } from './risk-matrix-logic';

/**
 * DSFA risk matrix (DSK short paper no. 18): likelihood across, severity up, 4 × 4. Every risk
 * of the form is placed by its number; the overall level is the highest single level.
 */
export function RiskMatrix({ risks }: { risks: readonly (RiskPoint & { description?: unknown })[] }) {
  const { t } = useTranslation();
  const cells = placeRisks(risks);
  const overall = matrixOverall(risks);
  const axis = (key: 'likelihood' | 'severity', n: number) => t(`items.scale.${key}.${n}`);
  const headSx = {
    fontWeight: 600,
    fontSize: { xs: 11, sm: 12 },
    lineHeight: 1.25,
    hyphens: 'auto',
    overflowWrap: 'anywhere',
  } as const;
  return (
    <Card component="section" aria-labelledby="risk-matrix-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography id="risk-matrix-title" variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
              {t('items.dsfa.matrix')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('items.dsfa.overall')}
            </Typography>
            {overall ? (
              <Chip
                label={t(`items.option.riskLevel.${overall}`)}
                sx={{ bgcolor: riskTint[overall], color: riskTone[overall], fontWeight: 700 }}
                data-testid="overall-risk"
              />
            ) : (
              <Chip label={t('items.dsfa.noRisks')} variant="outlined" data-testid="overall-risk" />
            )}
          </Stack>
          <Box sx={{ overflowX: 'auto' }}>
            <Box
              component="table"
              sx={{ borderCollapse: 'separate', borderSpacing: { xs: 3, sm: 4 }, width: '100%', tableLayout: 'fixed' }}
            >
              <caption style={{ captionSide: 'bottom', textAlign: 'center', paddingTop: 4 }}>
                <Typography variant="caption" color="text.secondary">
                  {t('items.dsfa.axes')}
                </Typography>
              </caption>
              <thead>
                <tr>
                  <Box component="th" scope="col" sx={{ width: { xs: 76, sm: 130 }, ...headSx, fontWeight: 400 }}>
                    <Typography variant="caption" color="text.secondary" sx={{ fontSize: 'inherit' }}>
                      {t('items.dsfa.corner')}
                    </Typography>
                  </Box>
                  {SCALE.map((l) => (
                    <Box component="th" scope="col" key={l} sx={{ ...headSx, pb: 0.5 }}>
                      {l}
                      <br />
                      {axis('likelihood', l)}
                    </Box>
                  ))}
                </tr>
              </thead>
              <tbody>
                {[...SCALE].reverse().map((s) => (
                  <tr key={s}>
                    <Box component="th" scope="row" sx={{ ...headSx, textAlign: 'right', pr: 1 }}>
                      {s} – {axis('severity', s)}
                    </Box>
                    {SCALE.map((l) => {
                      const level = riskLevel(l, s);
                      const here = cells.get(`${l}-${s}`) ?? [];
                      return (
                        <Box
                          component="td"
                          key={l}
                          data-cell={`${l}-${s}`}
                          aria-label={t('items.dsfa.cell', {
                            likelihood: l,
                            severity: s,
                            level: t(`items.option.riskLevel.${level}`),
                            risks: here.length ? here.join(', ') : '–',
                          })}
                          sx={{
                            height: { xs: 44, sm: 52 },
                            bgcolor: riskTint[level],
                            borderRadius: 1.5,
                            textAlign: 'center',
                            verticalAlign: 'middle',
                          }}
                        >
                          <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'center', flexWrap: 'wrap' }}>
                            {here.map((n) => (
                              <Box
                                key={n}
                                component="span"
                                sx={{
                                  width: 26,
                                  height: 26,
                                  borderRadius: '50%',
                                  display: 'inline-grid',
                                  placeItems: 'center',
                                  bgcolor: riskTone[level],
                                  color: '#fff',
                                  fontSize: 13,
                                  fontWeight: 700,
                                }}
                              >
                                {n}
                              </Box>
                            ))}
                          </Stack>
                        </Box>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </Box>
          </Box>
          {risks.length > 0 && (
            <Box component="ol" sx={{ m: 0, pl: 3, columns: { md: 2 }, columnGap: 4 }}>
              {risks.map((r, i) => {
                const level = onScale(r.likelihood) && onScale(r.severity) ? riskLevel(r.likelihood, r.severity) : null;
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: risks are numbered by position
                  <Typography component="li" variant="body2" key={i} sx={{ breakInside: 'avoid', mb: 0.5 }}>
                    {typeof r.description === 'string' && r.description.trim() ? r.description : t('items.dsfa.unnamed')}
                    {level && (
                      <Box component="span" sx={{ color: riskTone[level], fontWeight: 700 }}>
                        {` · ${t(`items.option.riskLevel.${level}`)}`}
                      </Box>
                    )}
                  </Typography>
                );
              })}
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
