import { i18n } from '@lingui/core';

// The domain's texts read in French, the source language, unless a test loads another (decision 236).
i18n.loadAndActivate({ locale: 'fr', messages: {} });
