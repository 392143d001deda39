console.log('console')
