console.log('approve')
