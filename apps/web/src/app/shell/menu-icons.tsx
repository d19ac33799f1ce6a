import AccountTree from '@mui/icons-material/AccountTree';
import Assessment from '@mui/icons-material/Assessment';
import Assignment from '@mui/icons-material/Assignment';
import AutoDelete from '@mui/icons-material/AutoDelete';
import Autorenew from '@mui/icons-material/Autorenew';
import Badge from '@mui/icons-material/Badge';
import BusinessCenter from '@mui/icons-material/BusinessCenter';
import ContactMail from '@mui/icons-material/ContactMail';
import CorporateFare from '@mui/icons-material/CorporateFare';
import Description from '@mui/icons-material/Description';
import FactCheck from '@mui/icons-material/FactCheck';
import Groups from '@mui/icons-material/Groups';
import Handshake from '@mui/icons-material/Handshake';
import Language from '@mui/icons-material/Language';
import Lightbulb from '@mui/icons-material/Lightbulb';
import ListAlt from '@mui/icons-material/ListAlt';
import QueryStats from '@mui/icons-material/QueryStats';
import Quiz from '@mui/icons-material/Quiz';
import ReportProblem from '@mui/icons-material/ReportProblem';
import Rule from '@mui/icons-material/Rule';
import School from '@mui/icons-material/School';
import Security from '@mui/icons-material/Security';
import Summarize from '@mui/icons-material/Summarize';
import Timer from '@mui/icons-material/Timer';
import type { ReactElement } from 'react';

// Solid icons with a fixed width (MUI's filled set, 24 px boxes).
export const menuIcons: Record<string, ReactElement> = {
  issue: <Assignment fontSize="small" />,
  diagram: <AccountTree fontSize="small" />,
  process: <ListAlt fontSize="small" />,
  'impact-assessment': <Assessment fontSize="small" />,
  'pdca-list': <Autorenew fontSize="small" />,
  'service-agreement-with-provider': <Handshake fontSize="small" />,
  'service-agreement-with-client': <BusinessCenter fontSize="small" />,
  'service-agreement-with-shared-responsibility': <Groups fontSize="small" />,
  training: <School fontSize="small" />,
  audit: <FactCheck fontSize="small" />,
  measure: <Security fontSize="small" />,
  website: <Language fontSize="small" />,
  hr: <Badge fontSize="small" />,
  'storage-period': <AutoDelete fontSize="small" />,
  'privacy-request': <ContactMail fontSize="small" />,
  'data-breach': <ReportProblem fontSize="small" />,
  summary: <Summarize fontSize="small" />,
  'standard-process': <Rule fontSize="small" />,
  concept: <Lightbulb fontSize="small" />,
  'dynamic-document': <Description fontSize="small" />,
  'organisation-unit': <CorporateFare fontSize="small" />,
  questionnaire: <Quiz fontSize="small" />,
  'time-record': <Timer fontSize="small" />,
  'time-comparison': <QueryStats fontSize="small" />,
};
